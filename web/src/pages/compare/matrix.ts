/**
 * The cases × runs matrix of the compare page, as plain functions: each cell is one case in one
 * run (its attempts folded into one tier and a mean score), each row says how the case moved
 * against the base run (the first), and the replies of an expanded row are marked where they
 * differ from the base's.
 */
export type Tier = "SUCCESS" | "PARTIAL" | "FAILURE";
const RANK: Record<Tier, number> = { FAILURE: 0, PARTIAL: 1, SUCCESS: 2 };

export interface MatrixTurn { index: number; sentMessage: string; reply: string | null; error: string | null }
export interface MatrixRule { ruleType: string; passed: boolean; score: number; error: string | null }
export interface MatrixOutcome {
  caseKey: string; attempt: number; passed: boolean; successLevel: Tier; score: number;
  turns: readonly MatrixTurn[]; results: readonly MatrixRule[];
}
export interface MatrixRun { id: string; outcomes: readonly MatrixOutcome[] }

export interface Cell {
  attempts: MatrixOutcome[];
  /** The tier most attempts reached (the lower one on a tie). */
  tier: Tier;
  /** Mean score over the attempts. */
  score: number;
  passed: number;
  /** Some attempts passed and some did not. */
  flaky: boolean;
}

export type Change = "regressed" | "improved" | "unchanged";
export type MatrixFilter = "all" | Change | "flaky";

export interface MatrixRow {
  caseKey: string;
  /** One per run, in the runs' order; null where the run has no such case. */
  cells: (Cell | null)[];
  /** Per run: how its cell moved against the base's (null for the base and for missing cells). */
  moves: (Change | null)[];
  regressed: boolean;
  improved: boolean;
  unchanged: boolean;
  flaky: boolean;
}

export function cellOf(attempts: MatrixOutcome[]): Cell {
  const counts = new Map<Tier, number>();
  for (const a of attempts) counts.set(a.successLevel, (counts.get(a.successLevel) ?? 0) + 1);
  const tier = [...counts.entries()].sort(([ta, ca], [tb, cb]) => cb - ca || RANK[ta] - RANK[tb])[0][0];
  const passed = attempts.filter((a) => a.passed).length;
  return {
    attempts: [...attempts].sort((a, b) => a.attempt - b.attempt), tier,
    score: attempts.reduce((sum, a) => sum + a.score, 0) / attempts.length,
    passed, flaky: passed > 0 && passed < attempts.length,
  };
}

function move(base: Cell | null, other: Cell | null): Change | null {
  if (!base || !other) return null;
  const diff = RANK[other.tier] - RANK[base.tier];
  if (diff < 0) return "regressed";
  if (diff > 0) return "improved";
  // Same tier: a pass count that dropped or rose still moved (repeat k > 1).
  const before = base.passed / base.attempts.length;
  const after = other.passed / other.attempts.length;
  return after < before ? "regressed" : after > before ? "improved" : "unchanged";
}

const ORDER = (row: MatrixRow) => (row.regressed ? 0 : row.improved ? 1 : row.flaky ? 2 : 3);

/** Every case of any run, regressions first, then improvements, flaky, unchanged; by key within. */
export function buildMatrix(runs: readonly MatrixRun[]): MatrixRow[] {
  const keys = new Set<string>();
  const byRun = runs.map((run) => {
    const grouped = new Map<string, MatrixOutcome[]>();
    for (const outcome of run.outcomes) {
      keys.add(outcome.caseKey);
      grouped.set(outcome.caseKey, [...(grouped.get(outcome.caseKey) ?? []), outcome]);
    }
    return grouped;
  });
  const rows = [...keys].map((caseKey): MatrixRow => {
    const cells = byRun.map((grouped) => {
      const attempts = grouped.get(caseKey);
      return attempts ? cellOf(attempts) : null;
    });
    const moves = cells.map((cell, i) => (i === 0 ? null : move(cells[0], cell)));
    const regressed = moves.includes("regressed");
    const improved = moves.includes("improved");
    return {
      caseKey, cells, moves, regressed, improved,
      unchanged: !regressed && !improved && moves.slice(1).every((m) => m === "unchanged"),
      flaky: cells.some((cell) => cell?.flaky ?? false),
    };
  });
  return rows.sort((a, b) => ORDER(a) - ORDER(b) || a.caseKey.localeCompare(b.caseKey));
}

export function matches(row: MatrixRow, filter: MatrixFilter): boolean {
  return filter === "all" ? true : row[filter];
}

export function counts(rows: readonly MatrixRow[]): Record<MatrixFilter, number> {
  return {
    all: rows.length, regressed: rows.filter((r) => r.regressed).length, improved: rows.filter((r) => r.improved).length,
    unchanged: rows.filter((r) => r.unchanged).length, flaky: rows.filter((r) => r.flaky).length,
  };
}

/** Whether a run's reply at a turn differs from the base's reply at the same turn. */
export function replyDiffers(base: Cell | null, other: Cell | null, turnIndex: number): boolean {
  if (!base || !other) return false;
  const reply = (cell: Cell) => cell.attempts[0]?.turns.find((t) => t.index === turnIndex)?.reply ?? null;
  return reply(base) !== reply(other);
}

/** The runs' order with `runId` first (it becomes the base). */
export function withBase(runIds: readonly string[], runId: string): string[] {
  return [runId, ...runIds.filter((id) => id !== runId)];
}

/** `?runs=a,b,c` (or the older `?base=a&head=b`): the run ids, the base first, 10 at most, no repeats. */
export function runIdsFrom(params: URLSearchParams): string[] {
  const listed = params.get("runs")?.split(",") ?? [params.get("base"), params.get("head")];
  return [...new Set(listed.filter((id): id is string => !!id && id.trim() !== "").map((id) => id.trim()))].slice(0, 10);
}
