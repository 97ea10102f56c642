/** The inputs for a schema's fields (see schemaForm.ts); a secret shows `********` until retyped. */
import { Checkbox, JsonInput, NumberInput, PasswordInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fieldText, type FormValues, type SchemaField } from "./schemaForm";

interface Props {
  fields: SchemaField[];
  values: FormValues;
  onChange(values: FormValues): void;
  /** Field key → message (local parse problems and the API's VALIDATION_FAILED details). */
  errors: Record<string, string>;
}

export function SchemaFields({ fields, values, onChange, errors }: Props) {
  const { t, i18n } = useTranslation();
  const set = (key: string, value: string | boolean) => onChange({ ...values, [key]: value });
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  const errorOf = (key: string) => {
    const code = errors[key];
    if (!code) return undefined;
    return t(`schemaForm.${code}`, { defaultValue: code });
  };
  return (
    <Stack gap="sm">
      {fields.map((field) => {
        const text_ = fieldText(field, i18n.language ?? "en");
        // The title for people; the key (what a scenario file says) beside it, for those who write files.
        const label = text_.title === field.key ? field.key
          : <>{text_.title} <Text span size="xs" c="dimmed" ff="monospace">{field.key}</Text></>;
        const common = {
          label,
          description: text_.description ?? undefined,
          withAsterisk: field.required,
          error: errorOf(field.key),
          placeholder: field.placeholder || undefined,
        };
        switch (field.kind) {
          case "boolean":
            return <Checkbox key={field.key} label={label} description={common.description}
              checked={values[field.key] === true} onChange={(e) => set(field.key, e.currentTarget.checked)} />;
          case "choice":
            return <Select key={field.key} {...common} clearable={!field.required} data={field.options}
              value={text(field.key) || null} onChange={(v) => set(field.key, v ?? "")} />;
          case "secret":
            return <PasswordInput key={field.key} {...common} value={text(field.key)} autoComplete="off"
              onChange={(e) => set(field.key, e.currentTarget.value)} />;
          case "number":
          case "integer":
            return <NumberInput key={field.key} {...common} value={text(field.key)} allowDecimal={field.kind === "number"}
              onChange={(v) => set(field.key, String(v))} />;
          case "json":
            return <JsonInput key={field.key} {...common} value={text(field.key)} autosize minRows={2} maxRows={10}
              validationError={t("schemaForm.json")}
              onChange={(v) => set(field.key, v)} />;
          default:
            return <TextInput key={field.key} {...common} value={text(field.key)}
              onChange={(e) => set(field.key, e.currentTarget.value)} />;
        }
      })}
    </Stack>
  );
}
