/**
 * A VALIDATION_FAILED field message in the UI's language: the server writes its field messages in
 * English ("is required", "must be ≥ 1"); the common ones are recognised here and said with the
 * form keys the browser-side checks use (`schemaErrors.*`, `serverFields.*`). A message not
 * recognised stays the server's words (the notice beside the form also shows them with the code).
 */
import type { Translate } from "./errorText";

type Rule = [RegExp, (t: Translate, match: RegExpMatchArray) => string];

const type = (name: string) => (t: Translate) => t("schemaErrors.type", { type: t(`schemaErrors.types.${name}`) });

const RULES: Rule[] = [
  [/^is required$/, (t) => t("schemaErrors.required")],
  [/^(must be a non-empty string|must not be empty|must not be blank)$/, (t) => t("serverFields.notEmpty")],
  [/^must be an object$/, type("object")],
  [/^must be a string$/, type("string")],
  [/^must be a number$/, type("number")],
  [/^must be true or false$/, type("boolean")],
  [/^must be ≥ (\S+)$/, (t, m) => t("schemaErrors.minimum", { limit: m[1] })],
  [/^must be ≤ (\S+)$/, (t, m) => t("schemaErrors.maximum", { limit: m[1] })],
  [/^must be > (\S+)$/, (t, m) => t("schemaErrors.exclusiveMinimum", { limit: m[1] })],
  [/^must not be negative$/, (t) => t("schemaErrors.minimum", { limit: 0 })],
  [/^must be (?:between|from) (\S+) (?:and|to) (\S+)$/, (t, m) => t("serverFields.between", { low: m[1], high: m[2] })],
  [/^must be one of:? (.+)$/, (t, m) => t("schemaErrors.enum", { values: m[1] })],
  [/^must be at most (\d+) characters$/, (t, m) => t("schemaErrors.maxLength", { limit: m[1] })],
  [/^must have at most (\d+) items\b.*$/, (t, m) => t("schemaErrors.maxItems", { limit: m[1] })],
  [/^unknown field\b.*$/, (t) => t("schemaErrors.unknown")],
  [/^is not a valid id$/, (t) => t("serverFields.notAnId")],
  [/^no target has this id$/, (t) => t("serverFields.noTarget")],
  [/^no scenario has this id$/, (t) => t("serverFields.noScenario")],
  [/^must name at least one target$/, (t) => t("serverFields.oneTarget")],
  [/^(the scenario has no cases|the campaign's scenario has no cases)$/, (t) => t("serverFields.noCases")],
  [/^must have at least one case$/, (t) => t("serverFields.oneCase")],
];

export function fieldMessageIn(message: string, t: Translate): string {
  for (const [pattern, say] of RULES) {
    const match = message.match(pattern);
    if (match) return say(t, match);
  }
  return message;
}
