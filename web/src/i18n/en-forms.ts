/** English strings of client-side form checks (JSON Schema problems) and the small lists (spread into en.ts). */
export const enForms = {
  schemaErrors: {
    required: "Required", type: "Must be {{type}}", invalid: "Not a valid value here",
    types: { string: "text", number: "a number", integer: "a whole number", boolean: "yes or no", object: "an object", array: "a list", null: "empty" },
    minimum: "At least {{limit}}", maximum: "At most {{limit}}", exclusiveMinimum: "More than {{limit}}", exclusiveMaximum: "Less than {{limit}}",
    multipleOf: "A multiple of {{limit}}", minLength: "At least {{limit}} characters", maxLength: "At most {{limit}} characters",
    pattern: "Not in the form this field takes: see its help", scheme: "Must start with {{plain}} or {{secure}}",
    enum: "One of: {{values}}", const: "Must be {{value}}", format: "Not a valid {{format}}",
    minItems: "At least {{limit}} item(s)", maxItems: "At most {{limit}} item(s)", uniqueItems: "The items must not repeat",
    minProperties: "At least {{limit}} entr(ies)", maxProperties: "At most {{limit}} entr(ies)", unknown: "Not a field this form takes",
    item: "Item {{n}}", fixFirst_one: "{{count}} field needs fixing before saving: see the message at the field.", fixFirst_other: "{{count}} fields need fixing before saving: see the messages at the fields.",
  },
  // The server's field messages that are not a schema keyword (graphql/fieldText.ts).
  serverFields: {
    notEmpty: "Must not be empty", between: "Between {{low}} and {{high}}", notAnId: "Not a valid id",
    noTarget: "No target has this id", noScenario: "No scenario has this id", oneTarget: "Pick at least one target",
    noCases: "The scenario has no cases", oneCase: "Needs at least one case",
  },
  smallLists: {
    filterStatus: "Status", runsTotal_one: "{{count}} run", runsTotal_other: "{{count}} runs", keysTotal_one: "{{count}} key", keysTotal_other: "{{count}} keys", webhooksTotal_one: "{{count}} webhook", webhooksTotal_other: "{{count}} webhooks",
    searchKeys: "Search keys by name", searchWebhooks: "Search webhooks by name",
    searchTarget: "Search by target", showRevoked: "Show revoked keys",
  },
} as const;
