/** 通知、删除与费用的中文。Same keys as en-ops.ts (spread into zh.ts). */
export const zhOps = {
  ops: {},
};
