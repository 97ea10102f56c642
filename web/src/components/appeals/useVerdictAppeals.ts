/**
 * The appeals of a run's or an eval's verdicts, for the pages that show those verdicts. Only
 * OPERATOR and ADMIN keys appeal (and may read appeals), so other keys never ask. Every
 * caller on a page shares one request (urql dedupes the same query and variables).
 */
import { useMemo } from "react";
import { useQuery } from "urql";
import { MeQuery } from "../../graphql/meQuery";
import type { ResultOf } from "../../graphql/graphql";
import { VerdictAppealsQuery } from "./queries";

export type VerdictAppeal = NonNullable<ResultOf<typeof VerdictAppealsQuery>["verdictAppeals"]>[number];
export type Owner = { runId: string } | { evalId: string };

export function canAppeal(role: string | null | undefined): boolean {
  return role === "OPERATOR" || role === "ADMIN";
}

/** The latest appeal of one verdict: the whole one (entryKey null) or one rule result. */
export function appealOf(appeals: readonly VerdictAppeal[], target: string, entryKey: string | null): VerdictAppeal | null {
  return appeals.find((a) => a.target === target && (a.entryKey ?? null) === entryKey) ?? null;
}

export function useVerdictAppeals(owner: Owner) {
  const [me] = useQuery({ query: MeQuery });
  const allowed = canAppeal(me.data?.me.role);
  const variables = "runId" in owner ? { runId: owner.runId } : { evalId: owner.evalId };
  // An empty answer names no type, so say which one a new appeal invalidates.
  const context = useMemo(() => ({ additionalTypenames: ["ReviewAppeal"] }), []);
  const [result, refetch] = useQuery({ query: VerdictAppealsQuery, variables, pause: !allowed, context });
  return {
    allowed,
    appeals: result.data?.verdictAppeals ?? [],
    reload: () => refetch({ requestPolicy: "network-only" }),
  };
}
