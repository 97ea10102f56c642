/**
 * A JSON Schema (the shape `channelTypes.configSchema` and `ruleTypes.paramsSchema` use)
 * turned into form fields, and the form's text values back into a config object.
 * Plain functions, so every real schema is tested for render and round trip.
 */
import type { JsonValue } from "../../graphql/graphql";

export const SECRET_PLACEHOLDER = "********";

export type FieldKind = "text" | "secret" | "number" | "integer" | "boolean" | "choice" | "json";

export interface SchemaField {
  key: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  /** The schema's `title` (English), or null: the key is the label then. */
  title: string | null;
  /** The schema's `x-i18n`: language → its own title and description. */
  translations: Record<string, { title?: string; description?: string }>;
  /** For `choice`: the allowed values, as text. */
  options: string[];
  /** The schema's default, as the text a field would hold (shown as a placeholder). */
  placeholder: string;
  /** A boolean field's default (an unticked box must still send `false` over a `true` default). */
  defaultOn: boolean;
}

export type FormValues = Record<string, string | boolean>;
type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(property: JsonObject): FieldKind {
  if (Array.isArray(property.enum) && property.enum.every((v) => typeof v === "string")) return "choice";
  if (property.type === "string") return property.writeOnly === true ? "secret" : "text";
  if (property.type === "number") return "number";
  if (property.type === "integer") return "integer";
  if (property.type === "boolean") return "boolean";
  return "json"; // objects, arrays, untyped templates: edited as JSON text
}

function asText(value: JsonValue | undefined, kind: FieldKind): string {
  if (value === undefined || value === null) return "";
  if (kind === "json") return JSON.stringify(value, null, 2);
  return String(value);
}

function translationsOf(value: JsonValue | undefined): SchemaField["translations"] {
  if (!isObject(value)) return {};
  const result: SchemaField["translations"] = {};
  for (const [language, texts] of Object.entries(value)) {
    if (!isObject(texts)) continue;
    result[language] = {
      title: typeof texts.title === "string" ? texts.title : undefined,
      description: typeof texts.description === "string" ? texts.description : undefined,
    };
  }
  return result;
}

/** A field's label and help in the UI's language (`zh-CN` → zh), else English, else its key. */
export function fieldText(field: SchemaField, language: string): { title: string; description: string | null } {
  const own = field.translations[language.split("-")[0]];
  return {
    title: own?.title ?? field.title ?? field.key,
    description: own?.description ?? field.description,
  };
}

/** A text with its x-i18n-shaped translations (`{"zh": {"description": …}}`, e.g. a channel
 * type's `translations`) in the UI's language, else the English text itself. */
export function describedIn(english: string, translations: JsonValue | null | undefined, language: string): string {
  return translationsOf(translations ?? undefined)[language.split("-")[0]]?.description ?? english;
}

/** The fields of an object schema, in the schema's order. */
export function schemaFields(schema: JsonValue): SchemaField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties).map(([key, raw]) => {
    const property = isObject(raw) ? raw : {};
    const kind = kindOf(property);
    return {
      key,
      kind,
      required: required.includes(key),
      description: typeof property.description === "string" ? property.description : null,
      title: typeof property.title === "string" ? property.title : null,
      translations: translationsOf(property["x-i18n"]),
      options: kind === "choice" && Array.isArray(property.enum) ? property.enum.map(String) : [],
      placeholder: asText(property.default, kind),
      defaultOn: property.default === true,
    };
  });
}

/** The form's starting values: a stored config (secrets arrive as the placeholder) or empty. */
export function initialValues(fields: SchemaField[], config: JsonValue | null): FormValues {
  const source = isObject(config ?? null) ? (config as JsonObject) : {};
  const values: FormValues = {};
  for (const field of fields) {
    const value = source[field.key];
    if (field.kind === "boolean") values[field.key] = value === undefined ? field.defaultOn : value === true;
    else values[field.key] = asText(value, field.kind);
  }
  return values;
}

export interface ConfigResult {
  config: JsonObject;
  /** Field key → what is wrong with its text. */
  errors: Record<string, string>;
}

/**
 * The config the form describes. Empty optional text fields are left out (the server's
 * defaults apply); booleans are always sent; a secret left as `********` is sent as is and the server keeps it.
 */
export function configFrom(fields: SchemaField[], values: FormValues): ConfigResult {
  const config: JsonObject = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === "boolean") {
      config[field.key] = value === true; // always sent: what the box shows is what applies
      continue;
    }
    const text = typeof value === "string" ? value : "";
    if (text.trim() === "") {
      if (field.required) errors[field.key] = "required";
      continue;
    }
    if (field.kind === "number" || field.kind === "integer") {
      const number = Number(text);
      if (!Number.isFinite(number) || (field.kind === "integer" && !Number.isInteger(number))) {
        errors[field.key] = field.kind;
      } else {
        config[field.key] = number;
      }
    } else if (field.kind === "json") {
      try {
        config[field.key] = JSON.parse(text) as JsonValue;
      } catch {
        errors[field.key] = "json";
      }
    } else {
      config[field.key] = text;
    }
  }
  return { config, errors };
}
