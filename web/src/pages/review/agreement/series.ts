/**
 * judgeAgreementHistory's points as one series per (rule, judge model): the points in time
 * order (a bucket judged with two revisions gives two points, the older revision first), each
 * marked when its revision differs from the point before — where the timeline shows a change.
 */
export interface HistoryPoint {
  ruleType: string;
  judgeModel: string;
  revision: string | null;
  bucketStart: string;
  reviewed: number;
  agreed: number;
  agreement: number;
  kappa: number | null;
  kappaLow: number | null;
  kappaHigh: number | null;
  basis: string;
}

export interface SeriesPoint extends HistoryPoint {
  /** The revision differs from the previous point's (never on the first point). */
  revisionChanged: boolean;
}

export interface Series {
  key: string;
  ruleType: string;
  judgeModel: string;
  points: SeriesPoint[];
}

/** "llm_score/en/r2:1a2b3c4d" → "r2 (en)"; null → null (the rule's own examples). */
export function revisionShort(label: string | null): string | null {
  if (!label) return null;
  const [, language, number] = label.split("/");
  const revision = number?.split(":")[0];
  return revision && language ? `${revision} (${language})` : label;
}

function revisionNumber(label: string | null): number {
  const match = label?.match(/\/r(\d+):/);
  return match ? Number(match[1]) : 0;
}

export function toSeries(points: readonly HistoryPoint[]): Series[] {
  const grouped = new Map<string, HistoryPoint[]>();
  for (const point of points) {
    const key = `${point.ruleType}\u0000${point.judgeModel}`;
    grouped.set(key, [...(grouped.get(key) ?? []), point]);
  }
  return [...grouped.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, list]) => {
    const ordered = [...list].sort((a, b) => a.bucketStart.localeCompare(b.bucketStart)
      || revisionNumber(a.revision) - revisionNumber(b.revision) || (a.revision ?? "").localeCompare(b.revision ?? ""));
    return {
      key, ruleType: ordered[0].ruleType, judgeModel: ordered[0].judgeModel,
      points: ordered.map((point, i) => ({ ...point, revisionChanged: i > 0 && point.revision !== ordered[i - 1].revision })),
    };
  });
}

/** The scale of the κ axis: from min(0, lowest bound) to 1. */
export function kappaFloor(points: readonly HistoryPoint[]): number {
  const lows = points.flatMap((p) => [p.kappaLow, p.kappa]).filter((v): v is number => v !== null);
  return Math.min(0, ...lows);
}
