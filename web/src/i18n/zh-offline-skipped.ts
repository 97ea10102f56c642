/** 离线运行中无法评判日志而被跳过的场景用例（展开进 zh.ts）。 */
export const zhOfflineSkipped = {
  offlineSkipped: {
    title: "离线未评判：场景中的 {{count}} 个用例",
    hint: "这些用例无法评判日志（模拟用例；日志没有延迟时的延迟规则）。本次运行用其余用例评判了日志。",
  },
};
