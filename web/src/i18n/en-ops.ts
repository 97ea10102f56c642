/** English strings of notifications, deleting and cost (spread into en.ts). */
export const enOps = {
  ops: {},
} as const;
