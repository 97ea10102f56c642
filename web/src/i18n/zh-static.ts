/** 首页与静态评估页面的中文（并入 zh.ts）。 */
import type { enStatic } from "./en-static";

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const zhStatic: Strings<typeof enStatic> = {
  home: {
    title: "欢迎使用 AgentEval",
    intro: "AgentEval 用两种方式测试对话智能体：智能评估（由智能体规划的虚拟用户对话，评判后生成报告）和静态评估（由用例和规则组成的场景文件，针对被测对象运行）。",
    tryFirst: "先试试这两件事",
    approve: "批准演示评估：{{name}}",
    approveNone: "打开智能评估列表",
    approveHint: "阅读规划者的测试计划并批准，然后观看虚拟用户与演示机器人对话。",
    startCampaign: "启动一个演示测试活动",
    startCampaignHint: "用一个场景测试演示机器人，观察进度，再阅读运行报告。",
    evals: "智能评估（{{count}}）", allEvals: "全部评估", noEvals: "还没有评估。",
    runs: "静态运行（{{count}}）", allCampaigns: "测试活动", noRuns: "还没有运行：在测试活动中启动一次。",
  },
  schemaForm: { required: "必填", number: "必须是数字", integer: "必须是整数", json: "必须是合法的 JSON" },
  targets: {
    title: "被测对象", new: "新建被测对象", name: "名称", description: "描述", channelType: "通道类型",
    maxConcurrency: "最大并发", created: "创建时间", config: "通道配置",
    noConfig: "此通道类型无需配置。",
    empty: "还没有被测对象：点击“新建被测对象”创建，或使用演示机器人。",
    newTitle: "新建被测对象", editTitle: "被测对象：{{name}}", notFound: "没有这个被测对象。", save: "保存", saved: "已保存。",
    probe: "探测", probeMessage: "发送的消息", probeOk: "{{ms}} 毫秒内回复", probeFailed: "探测失败",
    delete: "删除被测对象", deleteConfirm: "确定永久删除这个被测对象？", deleteYes: "确定删除",
    inUse: "仍有测试活动、运行或评估在使用这个被测对象，因此无法删除。请先移除它们，或保留该对象。",
  },
  campaigns: {
    title: "测试活动与运行", titleOne: "测试活动：{{name}}", name: "名称", scenario: "场景", targets: "被测对象",
    lastRun: "最近运行", noRuns: "无运行", new: "新建测试活动", repeat: "重复次数（k）",
    repeatHint: "每个用例运行 k 次；pass^k 只统计 k 次全部通过的用例。",
    concurrency: "并发数", pickTargets: "选择一个或多个被测对象", create: "创建测试活动", notFound: "没有这个测试活动。",
    empty: "还没有测试活动：在下方选择场景和被测对象创建一个。",
    needScenario: "请先导入一个场景：", summary: "{{cases}} 个用例 × {{repeat}}，同时 {{concurrency}} 个",
  },
  runs: {
    title: "运行", start: "启动运行", compare: "对比勾选的两次运行", pickTwo: "勾选两次运行即可对比。",
    empty: "还没有运行：点击“启动运行”。", cancel: "取消运行", runOf: "运行 {{label}}", pick: "选择 {{label}} 用于对比",
    progress: "已完成 {{done}}/{{total}}：通过 {{passed}}，失败 {{failed}}，出错 {{errored}}", rate: "通过率 {{rate}}%",
  },
  run: {
    title: "运行：{{campaign}} → {{target}}", download: "下载 Markdown", backToCampaign: "返回测试活动",
    notFound: "没有这次运行。", noSummary: "还没有汇总：运行尚未开始。", metrics: "指标",
    l1: "L1 意图准确率", l1Def: "机器人正确识别意图的用例占比（intent_classification 规则）。",
    l2: "L2 平均完成度", l2Def: "必需槽位和步骤的平均完成比例（task_completion 规则）。",
    l3: "L3 成功率", l3Def: "得分达到成功阈值的用例占比（新指标）。",
    passRate: "通过率", passRateDef: "规则全部通过的用例占比（旧的全有或全无指标）。",
    counts: "成功 {{success}} · 部分 {{partial}} · 失败 {{failure}}", errors: "出错：{{count}}",
    passed: "通过 {{passed}}/{{total}}", passHatK: "pass^k", latency: "延迟 p50 {{p50}}，p95 {{p95}}",
    confusion: "意图混淆矩阵", confusionHint: "行：期望意图；列：机器人回复被判定的意图。颜色越深，用例越多。",
    expectedPredicted: "期望 \\ 判定",
    cases: "用例（{{count}}），失败在前", caseList: "用例", filterTier: "等级", filterRule: "失败的规则",
    noCases: "还没有用例完成。", attempt: "第 {{n}} 次", errored: "出错", score: "得分 {{score}}",
    tier: { SUCCESS: "成功", PARTIAL: "部分成功", FAILURE: "失败" },
    turns: "对话轮次", sent: "发送：", reply: "回复：", rules: "规则结果", rulePassed: "通过", ruleFailed: "未通过",
    implicit: "（来自期望）", collected: "已收集 {{done}}/{{required}} 项必需信息",
    items: "必需项", item: "项", state: "状态", turn: "轮次", quote: "引用", verified: "引用已核实",
    slotDone: "已收集", slotMissing: "缺失", stepDone: "已完成", stepMissing: "未完成", outOfOrder: "顺序错误",
  },
  scenarios: {
    title: "场景", import: "导入 JSON 或 YAML 文件", importFailed: "文件未能导入",
    importHint: "场景文件包含用例（消息、期望、规则）。可以试试 examples/scenarios/booking.json。",
    empty: "还没有场景：导入一个场景文件。", name: "名称", cases: "用例数", notFound: "没有这个场景。",
    caseCount: "{{count}} 个用例", expectation: "期望", useInCampaign: "用于测试活动",
    logic: "规则逻辑 {{logic}}，规则通过 ≥ {{rule}}，成功 ≥ {{success}}，部分 ≥ {{partial}}",
  },
  compare: {
    title: "对比运行", pick: "在测试活动页面勾选两次运行进行对比。", warning: "注意",
    base: "基准", head: "对比", case: "用例", none: "无。", unchanged: "{{count}} 个未变化",
    regressions: "退步", improvements: "改进",
  },
};
