/** 多运行对比的中文。Same keys as en-compare.ts (spread into zh.ts). */
export const zhCompare = {
  matrix: {
    pick: "在测试活动页勾选 2 到 10 个运行，然后点击“对比所选运行”。",
    missing: "运行不存在：{{ids}}。", runs: "参与对比的运行", base: "基准", makeBase: "设为基准", makeBaseOf: "将 {{label}} 设为基准",
    remove: "移除", removeOf: "从对比中移除 {{label}}",
    add: "添加运行", addHint: "基于“{{scenario}}”的所有测试活动的运行。", addPlaceholder: "选择一个运行", passShort: "通过 {{rate}}%",
    metrics: "各运行指标", metric: "指标", p50: "延迟 p50", p95: "延迟 p95", errors: "出错的尝试",
    significance: "通过率相对基准的变化", significant: "显著（p = {{p}}）", noise: "可能是噪声（p = {{p}}）",
    ci: "95% 区间 {{low}} … {{high}}", isBase: "基准",
    cases: "用例 × 运行", filter: "显示用例",
    filters: { all: "全部", regressed: "退步", improved: "进步", unchanged: "未变", flaky: "不稳定" },
    move: { regressed: "退步", improved: "进步", unchanged: "未变" },
    absent: "此运行中没有", passedOf: "通过 {{passed}}/{{total}}", flaky: "不稳定",
    noCases: "没有符合此筛选的用例。", repliesOf: "{{label}} 中的回复",
    differs: "与基准不同", ruleChanged: "有变化",
    trend: "各运行的通过率与成功率", trendHint: "每个点是本测试活动的一次运行，按时间先后排列。",
  },
};
