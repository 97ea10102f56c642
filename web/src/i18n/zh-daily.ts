/** 日常界面的中文：窄屏导航、确认框、错误页。Same keys as en-daily.ts (spread into zh.ts). */
export const zhDaily = {
  shell: { openNav: "打开导航", closeNav: "关闭导航", signedInAs: "当前身份：{{name}}（{{role}}）" },
  safe: {
    keep: "保留", close: "关闭",
    revokeTitle: "吊销密钥“{{name}}”？",
    revokeConsequence: "从现在起，使用此密钥的所有请求都会被拒绝，已打开的实时视图也会断开。此操作无法恢复。",
    revokeConfirm: "吊销密钥",
    revokeOwn: "这是本浏览器正在使用的密钥：吊销后你会立即退出登录。",
    onlyAdmin: "唯一的 ADMIN 密钥",
    onlyAdminHint: "服务器会保留最后一个有效的 ADMIN 密钥：请先创建另一个 ADMIN 密钥再吊销它。",
    cancelEvalTitle: "取消评估“{{name}}”？",
    cancelEvalConsequence: "正在进行的会话会被停止，不再开始新会话，驱动也不会生成报告。取消后的评估无法恢复。",
    cancelEvalConfirm: "取消评估",
    cancelRunTitle: "取消运行“{{label}}”？",
    cancelRunConsequence: "尚未执行的用例不再运行，已有的结果保留。取消后的运行无法恢复。",
    cancelRunConfirm: "取消运行",
    cancelRunLabel: "取消运行 {{label}}",
  },
  boundary: {
    title: "此页面无法显示",
    chunk: "应用的一部分未能加载：服务器可能已停止，或在打开此页面后部署了新版本。",
    other: "显示此页面时出错。",
    retry: "重试", reload: "重新加载应用", home: "返回首页", details: "技术细节",
    newBuild: "AgentEval 已部署新版本。", newBuildAction: "重新加载以使用新版本",
  },
};
