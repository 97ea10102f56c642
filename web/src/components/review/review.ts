/** Human review (人工复核): who may review, what a review target names, how agreement reads (plain, tested). */

/** The roles the server lets review (VIEWER and AGENT get FORBIDDEN). */
const REVIEWER_ROLES = new Set(["OPERATOR", "ADMIN"]);

import { isTerminal } from "../status/terminal";
export function canReview(role: string | null | undefined): boolean {
  return !!role && REVIEWER_ROLES.has(role);
}

/** Runs and evals can be reviewed once they have ended (else INVALID_TRANSITION). */

export function isFinished(status: string | null | undefined): boolean {
  return isTerminal(status);
}

export type ReviewTarget =
  | { kind: "case"; caseKey: string; attempt: number }
  | { kind: "finding"; index: number }
  | { kind: "session"; id: string }
  | { kind: "other"; raw: string };

/** `case:KEY#ATTEMPT`, `finding:N` or `session:ID` (a case key may itself hold `#` or `:`). */
export function parseReviewTarget(target: string): ReviewTarget {
  const colon = target.indexOf(":");
  const kind = colon < 0 ? "" : target.slice(0, colon);
  const rest = target.slice(colon + 1);
  if (kind === "case") {
    const hash = rest.lastIndexOf("#");
    const attempt = Number(rest.slice(hash + 1));
    if (hash > 0 && Number.isInteger(attempt)) return { kind, caseKey: rest.slice(0, hash), attempt };
  }
  if (kind === "finding" && /^\d+$/.test(rest)) return { kind, index: Number(rest) };
  if (kind === "session" && rest) return { kind, id: rest };
  return { kind: "other", raw: target };
}

/** A share in [0, 1] as a percentage with one decimal, e.g. 0.8333 → "83.3%". */
export function percentText(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** Cohen's kappa with two decimals, or null when it is undefined. */
export function kappaText(kappa: number | null | undefined): string | null {
  return kappa === null || kappa === undefined ? null : kappa.toFixed(2);
}

/** A case review against the automatic level: confirmed when they match, else corrected. */
export function caseReviewState(automatic: string, human: string | null | undefined): "confirmed" | "corrected" | null {
  if (!human) return null;
  return human === automatic ? "confirmed" : "corrected";
}

/**
 * Each finding with its position in the report (what reviewFinding takes): the server's
 * `index`, else its place in the list as the report gave it (before any sorting).
 */
export function withReportIndex<T extends { index?: number | null }>(findings: readonly T[]): (T & { reportIndex: number })[] {
  return findings.map((finding, position) => ({ ...finding, reportIndex: finding.index ?? position }));
}
