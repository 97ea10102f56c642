/** Where a link into a run's report lands: `?case=<key>&attempt=<n from 0>&turn=<N from 1>` (a search hit). */
export interface Landing { caseKey: string; attempt: number; turn: number | null }

export function landingFrom(params: URLSearchParams): Landing | null {
  const caseKey = params.get("case");
  if (!caseKey) return null;
  const attempt = Number(params.get("attempt") ?? "0");
  const turn = params.get("turn");
  return {
    caseKey,
    attempt: Number.isInteger(attempt) && attempt >= 0 ? attempt : 0,
    turn: turn !== null && /^[1-9]\d*$/.test(turn) ? Number(turn) - 1 : null,
  };
}
