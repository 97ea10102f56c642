/**
 * Everything wrong with a schema form, field by field, before anything is sent: text that
 * does not parse (numbers, JSON) and then the config checked against the same JSON Schema
 * the server uses. Messages are in the UI's language; an empty result means "send it".
 */
import i18next from "i18next";
import type { JsonValue } from "../../graphql/graphql";
import { problemsByField, validateAgainstSchema } from "../forms/validateAgainstSchema";
import { configFrom, SECRET_PLACEHOLDER, type FormValues, type SchemaField } from "./schemaForm";

export function formProblems(schema: JsonValue | undefined, fields: SchemaField[], values: FormValues, lang: string): Record<string, string> {
  const { config, errors: parseErrors } = configFrom(fields, values);
  const t = i18next.getFixedT(lang.split("-")[0]);
  // A secret left as `********` is the stored one: the server keeps it, so it is not checked here.
  const keptSecrets = new Set(fields.filter((f) => f.kind === "secret" && values[f.key] === SECRET_PLACEHOLDER).map((f) => f.key));
  const problems = validateAgainstSchema(schema ?? null, config, lang).filter((p) => !keptSecrets.has(p.path.split(/[.[]/)[0]));
  const schemaErrors = problemsByField(problems, lang);
  const parsed = Object.fromEntries(Object.entries(parseErrors).map(([key, code]) => [key, t(`schemaForm.${code}`, { defaultValue: code })]));
  return { ...schemaErrors, ...parsed }; // a field that does not parse says that, not what its absence breaks
}
