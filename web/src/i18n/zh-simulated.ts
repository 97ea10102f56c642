/** 场景编辑器中模拟用户表单的中文。Same keys as en-simulated.ts (spread into zh.ts). */
export const zhSimulated = {
  sim: {
    goal: "目标", goalHelp: "模拟用户想从机器人那里得到什么；对话按是否达成这个目标来评判。",
    goalExample: "例如：预约周六上午上门维修空调",
    opening: "开场消息", openingHelp: "用户的第一条消息，按原文发送。留空：由 SIMULATOR 模型来写（仅限模型）。",
    simulator: "由谁扮演用户", simulatorHelp: "脚本不需要模型；模型需要先配置 SIMULATOR 模型（模型页）。",
    script: "脚本：先说开场消息，再依次说后续消息", model: "SIMULATOR 模型",
    maxTurns: "最多轮数", maxTurnsHelp: "用户说满这么多轮后对话结束（1–{{max}}）。",
    followUps: "后续消息（每行一条）",
    followUpsScriptHelp: "开场之后用户依次说的消息，每行一条。",
    followUpsModelHelp: "机器人问起时 SIMULATOR 模型可以提供的信息（姓名、电话等），每行一条。",
    stopOnDone: "模拟用户表示结束时停止",
    stopOnDoneHelp: "由模型判断目标已达成或放弃。",
    stopOnDoneScript: "只有模型会表示结束：脚本在最后一条后续消息后结束。",
    stopWhen: "结束条件", stopPhrases: "结束短语", stopPhrasesHelp: "回复中出现其中任意一个时对话结束（每输入一个按回车），例如 预约成功。",
    persona: "用户画像", personaName: "姓名", personaNameExample: "例如：老王",
    background: "背景", backgroundExample: "例如：退休教师，不太会用手机应用",
    personality: "性格", personalityExample: "例如：说话直接，回答太长会不耐烦",
    patience: "耐心", patienceUnset: "未设置", patience_low: "低", patience_medium: "中", patience_high: "高",
  },
} as const;
