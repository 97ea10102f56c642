/** English strings of human review (spread into en.ts). */
export const enReview = {
  review: {},
} as const;
