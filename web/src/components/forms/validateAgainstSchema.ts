/**
 * A value checked in the browser against the JSON Schema the server checks it with
 * (`channelTypes.configSchema`, `ruleTypes.paramsSchema`): every problem at once, each at
 * an API-style path (`url`, `required_slots[0].name`) with a message in the UI's language.
 * The server still checks everything; this spares the round trip and says it in words.
 *
 * @cfworker/json-schema interprets the schema; Ajv would compile it with `new Function`,
 * which the server's Content-Security-Policy (`script-src 'self'`) refuses.
 */
import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import i18next, { type TFunction } from "i18next";
import type { JsonValue } from "../../graphql/graphql";

export interface SchemaProblem {
  /** Where, as the API writes it: `url`, `headers.Authorization`, `required_slots[0].name`; "" for the whole value. */
  path: string;
  keyword: string;
  message: string;
}

/** Keywords that only say "something inside failed": their inner errors say what. */
const CONTAINERS = new Set([
  "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items", "prefixItems",
  "additionalItems", "unevaluatedItems", "contains", "allOf", "$ref", "$recursiveRef", "if", "then", "else",
  "dependentSchemas", "propertyNames",
]);
/** Keywords whose inner errors are about branches that were not meant: they speak for themselves. */
const ALTERNATIVES = new Set(["anyOf", "oneOf", "not"]);

/** `#/required_slots/0/name` → `required_slots[0].name`. */
export function apiPath(pointer: string): string {
  const parts = pointer.replace(/^#\/?/, "").split("/").filter((p) => p !== "")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

/** The schema node a `keywordLocation` names (`#/properties/url/pattern`), where it resolves without `$ref`. */
function at(schema: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = schema;
  for (const raw of pointer.replace(/^#\/?/, "").split("/").filter((p) => p !== "")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object") return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return node;
}

const quoted = (value: JsonValue | undefined): string => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

function messageFor(unit: OutputUnit, schema: JsonValue, t: TFunction): string {
  const limit = at(schema, unit.keywordLocation);
  switch (unit.keyword) {
    case "required": return t("schemaErrors.required");
    case "type": {
      const type = Array.isArray(limit) ? limit[0] : limit;
      return t("schemaErrors.type", { type: t(`schemaErrors.types.${String(type)}`, { defaultValue: String(type) }) });
    }
    case "minLength":
      return Number(limit) === 1 ? t("schemaErrors.required") : t("schemaErrors.minLength", { limit: quoted(limit) });
    case "pattern": {
      // "^https?://" is how the schemas say "a URL of these schemes": said as such, never as the regex.
      const scheme = typeof limit === "string" ? /^\^([a-z]+)s\?:\/\/$/.exec(limit) : null;
      return scheme ? t("schemaErrors.scheme", { plain: `${scheme[1]}://`, secure: `${scheme[1]}s://` }) : t("schemaErrors.pattern");
    }
    case "enum":
      return t("schemaErrors.enum", { values: Array.isArray(limit) ? limit.map(quoted).join(", ") : "" });
    case "const": return t("schemaErrors.const", { value: quoted(limit) });
    case "false": return t("schemaErrors.unknown");
    case "format": return t("schemaErrors.format", { format: String(limit ?? "") });
    case "uniqueItems": return t("schemaErrors.uniqueItems");
    case "minimum": case "maximum": case "exclusiveMinimum": case "exclusiveMaximum": case "multipleOf":
    case "maxLength": case "minItems": case "maxItems": case "minProperties": case "maxProperties":
      return t(`schemaErrors.${unit.keyword}`, { limit: quoted(limit) });
    default: return t("schemaErrors.invalid");
  }
}

function missingKey(unit: OutputUnit): string | null {
  return /required property "(.*)"/.exec(unit.error)?.[1] ?? null;
}

/** Where a problem belongs: a missing property at the property itself, an unknown one at its own name. */
function pathOf(unit: OutputUnit): string {
  const base = apiPath(unit.instanceLocation);
  const key = unit.keyword === "required" ? missingKey(unit) : null;
  if (key === null) return base;
  return base ? `${base}.${key}` : key;
}

export function validateAgainstSchema(schema: JsonValue, value: JsonValue, lang: string): SchemaProblem[] {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return [];
  const result = new Validator(schema as Schema, "2020-12", false).validate(value);
  if (result.valid) return [];
  const t = i18next.getFixedT(lang.split("-")[0]);
  const alternatives = result.errors.filter((u) => ALTERNATIVES.has(u.keyword)).map((u) => `${u.keywordLocation}/`);
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const unit of result.errors) {
    if (alternatives.some((prefix) => unit.keywordLocation.startsWith(prefix))) continue;
    const inner = result.errors.some((other) => other !== unit && other.keywordLocation.startsWith(`${unit.keywordLocation}/`));
    if (CONTAINERS.has(unit.keyword) && inner) continue;
    const problem = { path: pathOf(unit), keyword: unit.keyword, message: messageFor(unit, schema, t) };
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** The part of a path inside a field, as people read it: `[1].name` → "Item 2 › name". */
export function insidePath(rest: string, lang: string): string {
  const t = i18next.getFixedT(lang.split("-")[0]);
  return rest.split(/\.|(?=\[)/).filter(Boolean)
    .map((part) => {
      const index = /^\[(\d+)\]$/.exec(part);
      return index ? t("schemaErrors.item", { n: Number(index[1]) + 1 }) : part;
    })
    .join(" › ");
}

/**
 * Problems by the form field they belong to (the first segment of the path), joined into
 * one message; a problem deeper inside a field (a list item, a header) says where first.
 */
export function problemsByField(problems: readonly SchemaProblem[], lang: string): Record<string, string> {
  const byField: Record<string, string[]> = {};
  for (const problem of problems) {
    const match = /^([^.[]+)(.*)$/.exec(problem.path);
    const field = match ? match[1] : "";
    const rest = match ? match[2].replace(/^\./, "") : "";
    const text = rest ? `${insidePath(rest, lang)}: ${problem.message}` : problem.message;
    (byField[field] ??= []).push(text);
  }
  return Object.fromEntries(Object.entries(byField).map(([field, texts]) => [field, texts.join("; ")]));
}
