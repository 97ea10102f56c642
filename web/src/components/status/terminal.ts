/**
 * The statuses after which nothing changes any more, for evals, sessions and runs alike
 * (the contract's COMPLETED / CANCELLED / FAILED): delete, review and "finished" read this one set.
 */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["COMPLETED", "CANCELLED", "FAILED"]);

export function isTerminal(status: string | null | undefined): boolean {
  return !!status && TERMINAL_STATUSES.has(status);
}
