/**
 * Every real channel type's and rule type's schema (catalog.fixture.json, dumped from the
 * server's registries) renders as a form and round-trips: config → form → same config.
 */
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../graphql/graphql";
import catalog from "./catalog.fixture.json";
import { SchemaFields } from "./SchemaFields";
import { configFrom, describedIn, fieldText, initialValues, schemaFields, SECRET_PLACEHOLDER, type SchemaField } from "./schemaForm";

const schemas: [string, JsonValue][] = [
  ...catalog.channelTypes.map((c) => [`channel ${c.name}`, c.configSchema as unknown as JsonValue] as [string, JsonValue]),
  ...catalog.ruleTypes.map((r) => [`rule ${r.name}`, r.paramsSchema as unknown as JsonValue] as [string, JsonValue]),
];

/** A value of the field's kind that is not its default, so the round trip cannot pass by accident. */
function sample(field: SchemaField): JsonValue {
  switch (field.kind) {
    case "text": return `value of ${field.key}`;
    case "secret": return SECRET_PLACEHOLDER;
    case "number": return 2.5;
    case "integer": return 7;
    case "boolean": return true;
    case "choice": return field.options[field.options.length - 1];
    case "json": return { nested: [1, "two", { three: null }] };
  }
}

describe.each(schemas)("the %s schema", (_name, schema) => {
  const fields = schemaFields(schema);

  it("has a field of a known kind for every property", () => {
    const properties = Object.keys((schema as { properties?: object }).properties ?? {});
    expect(fields.map((f) => f.key)).toEqual(properties);
  });

  it("renders every field with its label", () => {
    const values = initialValues(fields, null);
    const html = renderToStaticMarkup(
      <MantineProvider><SchemaFields fields={fields} values={values} onChange={() => {}} errors={{}} /></MantineProvider>,
    );
    for (const field of fields) expect(html).toContain(`>${field.key}`);
  });

  it("round-trips a config through the form unchanged", () => {
    const config = Object.fromEntries(fields.map((f) => [f.key, sample(f)]));
    const { config: back, errors } = configFrom(fields, initialValues(fields, config));
    expect(errors).toEqual({});
    expect(back).toEqual(config);
  });

  it("leaves empty optional fields out, flags empty required ones, sends booleans at their default", () => {
    const { config, errors } = configFrom(fields, initialValues(fields, null));
    expect(Object.keys(errors).sort()).toEqual(fields.filter((f) => f.required && f.kind !== "boolean").map((f) => f.key).sort());
    expect(config).toEqual(Object.fromEntries(fields.filter((f) => f.kind === "boolean").map((f) => [f.key, f.defaultOn])));
  });
});

describe("schema fields", () => {
  it("sends an unticked box over a true default as false", () => {
    const fields = schemaFields({ type: "object", properties: { cache: { type: "boolean", default: true } } });
    expect(initialValues(fields, null)).toEqual({ cache: true });
    expect(configFrom(fields, { cache: false }).config).toEqual({ cache: false });
  });

  it("keeps a secret's placeholder so the server keeps the stored secret", () => {
    const fields = schemaFields({ type: "object", properties: { api_key: { type: "string", writeOnly: true } } });
    expect(fields[0].kind).toBe("secret");
    expect(configFrom(fields, initialValues(fields, { api_key: SECRET_PLACEHOLDER })).config).toEqual({ api_key: SECRET_PLACEHOLDER });
  });

  it("reports text that is not a number or not JSON", () => {
    const fields = schemaFields({ type: "object", properties: { n: { type: "integer" }, body: {} } });
    expect(configFrom(fields, { n: "1.5", body: "{nope" }).errors).toEqual({ n: "integer", body: "json" });
  });
});

describe("help from the schema", () => {
  const [field] = schemaFields({
    type: "object",
    properties: {
      min_completion_rate: {
        type: "number", title: "Minimum completion rate", description: "The case passes at this share.",
        "x-i18n": { zh: { title: "最低完成率", description: "完成比例不低于此值即通过。" } },
      },
    },
  });

  it("labels a field with its title in the UI's language, falling back to English and then the key", () => {
    expect(fieldText(field, "zh-CN")).toEqual({ title: "最低完成率", description: "完成比例不低于此值即通过。" });
    expect(fieldText(field, "en")).toEqual({ title: "Minimum completion rate", description: "The case passes at this share." });
    const [bare] = schemaFields({ type: "object", properties: { x: { type: "string" } } });
    expect(fieldText(bare, "zh")).toEqual({ title: "x", description: null });
  });
});

describe("a channel type's description", () => {
  const english = "Generic JSON bot API.";
  it("is shown in the UI's language when the server has a translation, else in English", () => {
    const translations = { zh: { description: "通用 JSON 机器人接口。" } };
    expect(describedIn(english, translations, "zh-CN")).toBe("通用 JSON 机器人接口。");
    expect(describedIn(english, translations, "en")).toBe(english);
    expect(describedIn(english, null, "zh")).toBe(english);
    expect(describedIn(english, { zh: "not an object" }, "zh")).toBe(english);
  });
});
