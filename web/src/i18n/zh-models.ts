/** 模型设置页与产出来源的中文（展开进 zh.ts）。 */
import type { enModels } from "./en-models";

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const zhModels: Strings<typeof enModels> = {
  models: {
    title: "模型", intro: "每个角色使用的模型：JUDGE 用于需要评判的规则；PLANNER、SIMULATOR、ANALYST 用于内置驱动的智能评估；MODERATION 和 EMBEDDING 用于安全与相似度规则。由服务器环境变量配置的角色也显示在这里；保存后即存入数据库。",
    readOnly: "只读：只有 ADMIN 密钥可以修改模型配置。",
    roles: { JUDGE: "JUDGE（评判）", SIMULATOR: "SIMULATOR（模拟用户）", PLANNER: "PLANNER（规划）", ANALYST: "ANALYST（分析）", MODERATION: "MODERATION（内容审核）", EMBEDDING: "EMBEDDING（向量）" },
    roleHelp: {
      JUDGE: "评判 llm_score、intent_classification 和 task_completion 规则。",
      SIMULATOR: "在智能评估中扮演虚拟用户发言。",
      PLANNER: "根据目标和种子编写评估计划。",
      ANALYST: "为每个会话写结论，并撰写最终报告。",
      MODERATION: "在安全规则中审核回复。",
      EMBEDDING: "为语义相似度规则计算向量。",
    },
    configured: "已配置", notConfigured: "未配置",
    unsetHelp: "未配置模型：该角色的工作改由脚本完成（或规则无法运行）。可在此设置，或用 AGENTEVAL_{{role}}_MODEL。",
    provider: "提供方", model: "模型", baseUrl: "基础 URL", defaultUrl: "默认的 OpenAI 端点",
    apiKey: "API 密钥", apiKeyAbsent: "无", apiKeyKept: "已存有密钥；留空即保留。", apiKeyNone: "未存密钥。",
    params: "参数", paramsHint: "一个 JSON 对象，例如 {\"max_tokens\": 300, \"structured_output\": \"auto\", \"timeout_s\": 180}。",
    noParams: "无（使用默认值）", paramsNotJson: "不是有效的 JSON。", paramsNotObject: "必须是 JSON 对象。",
    check: {
      title: "检查模型", hint: "对每个已配置的角色发一次该角色类型的简短调用（同 `agenteval models check`）：能否连通、耗时、是否报告用量、哪种结构化输出形式可用、示例回答是否符合该角色的 schema。结果只在此显示，从不保存。",
      run: "检查", results: "检查结果", ok: "正常", notOk: "异常", latency: "{{ms}} 毫秒",
      none: "没有已配置的模型。", unavailable: "此服务器无法检查模型。",
      columns: { role: "角色", result: "结果", reachable: "可连通", usage: "报告用量", form: "结构化输出", valid: "回答有效", sample: "示例回答 / 错误" },
    },
    settingsLink: "每个角色使用的模型及其检查：见“模型”页。",
    edit: "编辑", configure: "配置", editOf: "编辑 {{role}} 模型", save: "保存", cancel: "取消",
  },
  provenance: {
    title: "产出来源", method: "方法",
    methodHint: "每个角色的工作由哪个模型或脚本完成，以及改用脚本的原因。",
    roles: { planner: "规划（计划）", simulator: "模拟用户（虚拟用户发言）", analystVerdicts: "分析（会话结论）", analystReport: "分析（报告）" },
    line: {
      model: "{{role}}：模型 {{model}}",
      none: "{{role}}：脚本（未配置模型）",
      script: "{{role}}：模型 {{model}}，已改用{{scripted}}：{{reason}}",
      mixed: "{{role}}：{{total}} 次调用中 {{byModel}} 次由模型 {{model}} 完成，{{byScript}} 次改用{{scripted}}：{{reason}}",
    },
    scripted: { planner: "脚本计划", simulator: "脚本发言", analystVerdicts: "脚本结论", analystReport: "脚本报告" },
    reasons: {
      timeout: "模型超时", connection: "无法连接模型", http_status: "模型返回了 HTTP 错误",
      bad_response: "模型返回的不是 OpenAI 聊天补全格式", invalid_output: "模型的回答无效",
      cut: "模型的回答在 max_tokens 处被截断", invalid_plan: "模型给出的计划两次未通过校验",
      invalid_verdict: "模型给出的结论未通过校验", unknown: "模型调用失败",
    },
    detail: "模型错误：{{detail}}",
  },
};
