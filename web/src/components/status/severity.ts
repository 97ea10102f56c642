/** Findings are listed most severe first; equal severities keep the analyst's order. */
const RANK: Record<string, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

export function bySeverity<T extends { severity: string }>(findings: readonly T[]): T[] {
  return findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => (RANK[a.finding.severity] ?? 9) - (RANK[b.finding.severity] ?? 9) || a.order - b.order)
    .map((entry) => entry.finding);
}

export const SEVERITY_COLOUR: Record<string, string> = { HIGH: "red", MEDIUM: "orange", LOW: "yellow" };
