/** 通知、删除与费用的中文。Same keys as en-ops.ts (spread into zh.ts). */
export const zhOps = {
  ops: {
    delete: {
      button: "删除", confirm: "永久删除", keep: "保留",
      conflict: "它尚未结束（或又在运行），服务器不允许删除。请刷新页面查看其状态。",
      evalLabel: "删除评估 {{name}}", evalTitle: "删除评估“{{name}}”？",
      evalConsequence: "其计划历史、会话及对话记录、事件时间线和报告将一并删除，且无法恢复。",
      runLabel: "删除运行 {{label}}", runTitle: "删除运行“{{label}}”？",
      runConsequence: "其用例结果、对话轮次和规则结果将一并删除，评测活动保留。此操作无法恢复。",
      webhookLabel: "删除 Webhook {{name}}", webhookTitle: "删除 Webhook“{{name}}”？",
      webhookConsequence: "尚未发送给它的消息将被丢弃，之后不再向它发送任何消息。",
    },
    usage: {
      calls: "{{calls}} 次模型调用", tokens: "{{total}} 个 token（提示 {{prompt}} + 生成 {{completion}}）",
      cost: "约 {{cost}}", free: "无费用", noPrice: "未配置价格",
      estimate: "批准前的费用预估", estimateHint: "按计划的会话数和轮次预算，以及当前配置的模型估算。",
      noEstimate: "有计划后才能预估。", used: "目前的模型用量", run: "模型用量",
    },
    webhooks: {
      title: "Webhook 通知", intro: "计划等待批准、评估或运行结束时通知团队群聊。",
      adminOnly: "只有 ADMIN 密钥可以管理 Webhook。", empty: "还没有 Webhook：在下方添加一个。",
      name: "Webhook 名称", url: "URL", urlHint: "群机器人的 Webhook 地址；其中含有令牌，保存后不再显示。",
      format: "格式", events: "事件", eventsHint: "不勾选即接收全部事件。", allEvents: "全部事件",
      created: "创建时间", lastDelivery: "最近一次发送", never: "尚未发送", ok: "成功", failed: "失败",
      lastError: "最近的错误", create: "添加 Webhook", test: "测试", testLabel: "测试 Webhook {{name}}",
      testOk: "“{{name}}”已接收测试消息。", testFailed: "“{{name}}”未接收测试消息。",
      actions: "操作",
    },
    event: {
      eval_plan_pending: "计划等待批准", eval_completed: "评估完成",
      eval_failed: "评估失败", run_completed: "运行完成", run_failed: "运行失败",
    },
  },
};
