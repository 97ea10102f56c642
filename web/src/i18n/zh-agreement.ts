/** 评审一致性页面的中文文案（展开到 zh.ts）。 */
export const zhAgreement = {
  agreement: {
    nav: "评审一致性",
    title: "评审一致性趋势",
    intro: "复核员与每条大模型评审规则的一致程度，按评审模型与评审修订版本分列：Cohen κ 及其 95% 区间，按日或按周。",
    basisNote: "依据：“逐项”为复核队列中逐项复核的结论；“用例”为仅由一条评审规则决定的用例级复核（即对齐学习所用的复核）。",
    rule: "规则", model: "评审模型", allRules: "全部规则", allModels: "全部评审模型",
    bucket: "时间粒度", day: "按日", week: "按周",
    empty: "还没有已复核的评审结论：请复核由大模型评审规则判定的运行中的用例或队列条目。",
    series: "{{rule}} · {{model}}",
    trendLabel: "{{model}} 评审的 {{rule}} 的 κ 趋势：{{summary}}",
    trendPoint: "{{bucket}} {{revision}}：κ {{kappa}}",
    revisionChange: "修订版本变为 {{revision}}",
    ownExamples: "规则自带示例",
    table: {
      caption: "{{rule}}（{{model}}）按时间段与修订版本的一致性",
      bucket: "起始", revision: "修订版本", reviewed: "已复核", agreement: "一致率", kappa: "κ（95% 区间）", basis: "依据",
    },
    kappaUndefined: "无定义",
    changed: "新修订版本",
    agreed: "{{reviewed}} 条中 {{agreed}} 条一致（{{share}}）",
    basisLabel: { item: "逐项", case: "用例", "item+case": "逐项 + 用例" },
  },
};
