/** 全文搜索的中文。Same keys as en-search.ts (spread into zh.ts). */
export const zhSearch = {
  search: {
    title: "搜索对话", label: "搜索对话", placeholder: "退款、refund…", submit: "搜索",
    open: "搜索",
    intro: "输入一两个词：搜索所有运行记录、会话、监控对话和导入的日志。中文会先分词，所以“退款”能找到“我想申请退款”。",
    none: "没有对话包含“{{query}}”。试试更少或别的词。",
    total_one: "{{count}} 个对话", total_other: "{{count}} 个对话",
    results: "搜索结果", untitled: "（已删除）", kindLabel: "搜索范围",
    kind: { ALL: "全部", RUN: "运行", SESSION: "会话", MONITORED: "监控", IMPORTED: "日志" },
    where: "第 {{turn}} 轮，{{role}}", whereMessage: "{{role}}消息", role: { user: "用户", bot: "机器人" },
    matches_one: "{{count}} 条消息命中", matches_other: "{{count}} 条消息命中",
    previous: "上一页", next: "下一页",
    landedMessage: "命中的消息", landedCase: "命中的用例",
  },
};
