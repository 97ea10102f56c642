import { zhMonitoring } from "./zh-monitoring";
/** 中文。Same keys as en.ts; the seeds' own words are the labels (智能评估, 批准, 打回, 取消, 导出 Markdown). */
import { zhScorecards } from "./zh-scorecards";
import type { Dictionary } from "./en";
import { zhDaily } from "./zh-daily";
import { zhCompare } from "./zh-compare";
import { zhOffline } from "./zh-offline";
import { zhOps } from "./zh-ops";
import { zhReview } from "./zh-review";
import { zhRegression } from "./zh-regression";
import { zhStatic } from "./zh-static";
import { zhModels } from "./zh-models";
import { zhForms } from "./zh-forms";
import { zhSimulated } from "./zh-simulated";
import { zhOfflineSkipped } from "./zh-offline-skipped";
import { zhSearch } from "./zh-search";
import { zhWorkbench } from "./zh-workbench";
import { zhAgreement } from "./zh-agreement";

export const zh: Dictionary = {
  common: { loading: "加载中…", back: "返回", yes: "是", no: "否" },
  error: { title: "请求失败", forbidden: "当前密钥的角色无权执行此操作，请向管理员申请 OPERATOR 密钥。" },
  nav: {
    label: "主导航", home: "首页", intelligent: "智能评估", static: "静态评估", targets: "被测对象",
    scenarios: "场景", campaigns: "测试活动与运行", graphiql: "API（GraphiQL）", models: "模型", settings: "设置", language: "语言",
  },
  key: {
    title: "输入 API 密钥",
    intro: "AgentEval 的每个请求都需要 API 密钥，密钥只保存在本浏览器中。",
    label: "API 密钥",
    refused: "密钥未被接受",
    where: "服务器首次启动时会打印一次 ADMIN 密钥。创建更多密钥：",
    howToGet: "请检查密钥，或在服务器上创建一个：",
    save: "使用此密钥",
    signOut: "清除密钥",
  },
  live: { connecting: "连接中…", live: "实时", reconnecting: "重新连接中…", failed: "实时更新已停止" },
  status: {
    DRAFT: "草稿", PLANNING: "规划中", PENDING_APPROVAL: "待审批", EXECUTING: "执行中",
    COMPLETED: "已完成", CANCELLED: "已取消", FAILED: "失败", RUNNING: "进行中", EXPIRED: "已过期", QUEUED: "排队中",
  },
  next: {
    DRAFT: "评估正在创建。",
    PLANNING: "规划智能体正在编写测试计划，提交后会显示在这里。",
    PENDING_APPROVAL: "请审阅下方计划，然后批准，或填写反馈打回以获得修订后的计划。",
    EXECUTING: "虚拟用户正按计划的时间分布与被测对象对话，进度实时更新。",
    COMPLETED: "已完成：打开报告。",
    CANCELLED: "此评估已取消。",
    FAILED: "此评估失败，原因见下方。",
  },
  event: {
    CREATED: "已创建", PLAN_SUBMITTED: "计划已提交", PLAN_APPROVED: "计划已批准", PLAN_REJECTED: "计划被打回",
    SESSION_CREATED: "会话开始", MESSAGE_EXCHANGED: "消息", SESSION_CLOSED: "会话结束",
    SESSION_EXPIRED: "会话过期", SESSION_FAILED: "会话失败", REPORT_SUBMITTED: "报告已提交",
    CANCELLED: "已取消", FAILED: "失败", COMPLETED: "已完成", AGENT_WOKEN: "唤醒智能体",
    HEARTBEAT: "心跳", BUDGET_OVERRUN: "超出预算",
  },
  timeline: {
    created: "创建了评估：{{name}}", planSubmitted: "提交了第 {{revision}} 版计划",
    planApproved: "批准了第 {{revision}} 版计划", planRejected: "打回了计划：“{{feedback}}”",
    sessionStarted: "会话 {{session}} 开始", turn: "会话 {{session}} 第 {{turn}} 轮：被测对象 {{latency}} 毫秒后回复",
    turnFailed: "会话 {{session}} 第 {{turn}} 轮：被测对象出错（{{error}}）",
    sessionClosed: "会话 {{session}} 结束并给出判定", sessionExpired: "会话 {{session}} 超时：长时间没有活动",
    sessionFailed: "会话 {{session}} 未完成即结束", reportSubmitted_one: "提交了报告，共 {{count}} 条发现",
    reportSubmitted_other: "提交了报告，共 {{count}} 条发现", cancelled: "评估已取消",
    cancelledBecause: "评估已取消：“{{reason}}”", failed: "评估失败：{{reason}}", completed: "评估完成",
    woken: "已唤醒智能体（{{driver}} 驱动）", wakeFailed: "唤醒智能体失败（{{driver}} 驱动）：{{error}}",
    heartbeats_one: "心跳：“{{note}}”", heartbeats_other: "{{count}} 次心跳，最后一次：“{{note}}”",
    overrun: "超出预算（会话 {{session}}）：已用 {{used}} 轮，预算 {{budget}} 轮",
    planner: "规划智能体", evaluator: "评估智能体", analyst: "分析智能体", watchdog: "看门狗",
    roles: { planner: "规划智能体", evaluator: "评估智能体", analyst: "分析智能体" },
    until: "至 {{time}}", who: "由 {{who}}", sessionRef: "会话 {{session}}",
  },
  severity: { HIGH: "高", MEDIUM: "中", LOW: "低" },
  list: {
    title: "智能评估", new: "新建", filterStatus: "状态", filterTarget: "被测对象",
    any: "全部", pageSize: "每页", name: "名称", target: "被测对象", status: "状态", created: "创建时间",
    progress: "已结束 / 计划会话", total_one: "共 {{count}} 个评估", total_other: "共 {{count}} 个评估", previous: "上一页", next: "下一页",
    empty: "还没有评估。点击“新建”创建一个；演示机器人可直接作为被测对象。",
    emptyFiltered: "没有符合筛选条件的评估，清除筛选可查看更多。",
  },
  new: {
    redTeamPreset: "填入红队测试预设", title: "新建智能评估", name: "名称", target: "被测对象", goal: "目标", intent: "意图",
    roleDescription: "测试者角色", timeWindow: "时间窗口（小时）", seeds: "种子",
    language: "报告语言", languageAuto: "按目标判断", languageZh: "中文", languageEn: "English",
    languageHelp: "内置驱动撰写计划、结论和报告所用的语言。“按目标判断”根据目标（或种子）的文字决定。",
    asForm: "表单", asJson: "JSON", seedsJson: "种子（JSON）", persona: "用户画像 {{n}}", personaName: "名字",
    patience: "耐心", patience_low: "低", patience_medium: "中", patience_high: "高",
    background: "背景", personality: "性格", removePersona: "删除用户画像 {{n}}",
    addPersona: "添加用户画像", seedGoal: "目标 {{n}}", goalText: "用户想要什么", dimension: "维度",
    opening: "脚本：开场白", followUps: "脚本：追问（每行一条）",
    successSignals: "脚本：成功信号（每行一条）", removeGoal: "删除目标 {{n}}", addGoal: "添加目标",
    create: "创建", fieldErrors: "需要修改的问题",
    noTargets: "还没有被测对象：可通过 API（createTarget）创建，或使用演示机器人。",
  },
  manage: {
    next: "下一步", failureReason: "原因", created: "创建时间", started: "开始时间", completed: "完成时间",
    lastActivity: "智能体最近活动", actions: "审批", progress: "进度", plan: "计划",
    planRevision: "计划（第 {{revision}} 版）", noPlan: "还没有计划：规划智能体正在工作。",
    lastFeedback: "上次打回的反馈", revision: "第 {{revision}} 版", rejectedWith: "打回意见",
    sessions: "会话", noSessions: "还没有会话：计划批准后开始。",
    inputs: "你的输入", events: "事件时间线", openReport: "打开报告", notFound: "没有这个评估。",
  },
  actions: {
    approve: "批准", reject: "打回", feedback: "给规划智能体的反馈",
    feedbackHint: "打回时必填，例如“用 3 个会话”或“重点测试退款”。",
    cancel: "取消", cancelReason: "原因（可选）",
  },
  plan: {
    sessionsTable: "会话列表",
    dimensions: "维度", estimatedSessions: "预计会话数", budget: "预算",
    budgetValue_one: "每个会话 {{count}} 轮，共 {{total}} 轮", budgetValue_other: "每个会话 {{count}} 轮，共 {{total}} 轮", completionCriteria: "完成标准",
    timeline: "时间分布", timelineHint: "开始后的小时数，共 {{hours}} 小时窗口。",
    virtualUsers: "虚拟用户", persona: "用户画像", goal: "目标", dimension: "维度",
  },
  progress: {
    closedOfPlanned: "已结束会话 / 计划会话", summary_one: "已结束 {{closed}} / {{count}} 个会话", summary_other: "已结束 {{closed}} / {{count}} 个会话",
    started: "已开始", running: "进行中", closed: "已结束", turns: "已用轮数 / 预算", overruns: "超出预算",
    dimensions: "已覆盖维度",
  },
  report: {
    title: "评估报告：{{name}}", export: "导出 Markdown", backToEval: "返回管理页", summary: "总结",
    submitted: "提交时间", scores: "各维度得分（0–10）", findings: "发现的问题", noFindings: "没有发现问题。",
    suggestion: "建议", relatedSop: "相关 SOP", evidenceLink: "证据：第 {{turn}} 轮",
    verified: "已核实", unverified: "未经证实的说法", unconfirmed: "在对话记录中未找到",
    userSaid: "用户说", assistantReplied: "助手回复", noHighlights: "本报告没有亮点。", highlights: "亮点",
    recommendations: "优先改进建议", notYet: "还没有报告",
    notYetHint: "所有会话结束后，分析智能体会撰写报告；本页会自动更新。",
  },
  session: {
    title: "会话详情页：{{persona}}", turns: "轮数", goalAchieved: "目标达成", achievement: "达成度",
    transcript: "对话记录", turn: "第 {{n}} 轮", user: "虚拟用户", assistant: "被测对象",
    latency: "{{ms}} 毫秒", targetError: "被测对象出错", verdict: "评判", suggestions: "建议",
    times: "{{start}} → {{end}}", waiting: "等待第一条消息…", empty: "没有消息。",
    notFound: "没有这个会话。",
  },
  settings: {
    title: "设置", keyInUse: "正在使用以 …{{suffix}} 结尾的密钥。", newKey: "换用另一个密钥",
    apiKeys: "API 密钥", keyName: "名称", keyRole: "角色", createKey: "创建密钥",
    secretOnce: "新密钥只显示这一次，请立即复制。", lastUsed: "最近使用", revoke: "吊销",
    revoked: "已吊销",
  },
  ...zhStatic,
  ...zhReview,
  ...zhRegression,
  ...zhOps,
  ...zhDaily,
  ...zhCompare,
  ...zhOffline,
  ...zhModels,
  ...zhScorecards,
  ...zhMonitoring,
  ...zhForms,
  ...zhSimulated,
  ...zhOfflineSkipped,
  ...zhSearch,
  ...zhWorkbench,
  ...zhAgreement,
};
