/** 表单在浏览器端的校验（JSON Schema 问题）与小列表的中文。Same keys as en-forms.ts (spread into zh.ts). */
export const zhForms = {
  schemaErrors: {
    required: "必填", type: "必须是{{type}}", invalid: "此处的值无效",
    types: { string: "文本", number: "数字", integer: "整数", boolean: "是或否", object: "对象", array: "列表", null: "空值" },
    minimum: "不能小于 {{limit}}", maximum: "不能大于 {{limit}}", exclusiveMinimum: "必须大于 {{limit}}", exclusiveMaximum: "必须小于 {{limit}}",
    multipleOf: "必须是 {{limit}} 的倍数", minLength: "至少 {{limit}} 个字符", maxLength: "最多 {{limit}} 个字符",
    pattern: "格式不符合此字段的要求：请参看说明", scheme: "必须以 {{plain}} 或 {{secure}} 开头",
    enum: "只能是以下之一：{{values}}", const: "必须是 {{value}}", format: "不是有效的 {{format}}",
    minItems: "至少 {{limit}} 项", maxItems: "最多 {{limit}} 项", uniqueItems: "各项不能重复",
    minProperties: "至少 {{limit}} 项", maxProperties: "最多 {{limit}} 项", unknown: "此处不接受这个字段",
    item: "第 {{n}} 项", fixFirst_one: "有 {{count}} 个字段需要先修正才能保存：请查看字段旁的提示。", fixFirst_other: "有 {{count}} 个字段需要先修正才能保存：请查看字段旁的提示。",
  },
  // 服务器的字段消息中不是 schema 关键字的那些（graphql/fieldText.ts）。
  serverFields: {
    notEmpty: "不能为空", between: "须在 {{low}} 到 {{high}} 之间", notAnId: "不是有效的 ID",
    noTarget: "没有这个 ID 的被测对象", noScenario: "没有这个 ID 的场景", oneTarget: "至少选择一个被测对象",
    noCases: "该场景没有用例", oneCase: "至少需要一个用例",
  },
  smallLists: {
    filterStatus: "状态", runsTotal_one: "共 {{count}} 次运行", runsTotal_other: "共 {{count}} 次运行", keysTotal_one: "共 {{count}} 个密钥", keysTotal_other: "共 {{count}} 个密钥", webhooksTotal_one: "共 {{count}} 个 Webhook", webhooksTotal_other: "共 {{count}} 个 Webhook",
    searchKeys: "按名称搜索密钥", searchWebhooks: "按名称搜索 Webhook",
    searchTarget: "按被测对象搜索", showRevoked: "显示已吊销的密钥",
  },
} as const;
