/** 人工复核的中文。Same keys as en-review.ts (spread into zh.ts). */
export const zhReview = {
  review: {},
};
