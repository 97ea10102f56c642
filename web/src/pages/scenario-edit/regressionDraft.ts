/**
 * The scenario editor opened on a regression draft: the report's "Add to a regression scenario"
 * navigates here with the server's CaseDraft in the router state (`regressionDraft`). For an
 * existing scenario the draft is added to its cases; for a new name (`/scenarios/new/edit`) the
 * editor starts with the draft alone and saves with createScenario.
 */
import { useLocation } from "react-router";
import { graphql } from "../../graphql/graphql";
import type { RegressionDraft } from "../../components/regression/AddToRegression";

/** The route id of a scenario that does not exist yet. */
export const NEW_SCENARIO_ID = "new";

export const RuleTypesQuery = graphql(`
  query ScenarioEditRuleTypes { ruleTypes { name description paramsSchema modelRole } modelConfigs { role } }
`);

export const CreateScenarioMutation = graphql(`
  mutation ScenarioCreateFromDraft($input: CreateScenarioInput!) { createScenario(input: $input) { id caseCount } }
`);

function isDraft(value: unknown): value is RegressionDraft {
  return typeof value === "object" && value !== null && "case" in value && "scenarioName" in value;
}

/** The draft the editor was opened on, or null (a plain edit, or a reload after saving). */
export function useRegressionDraft(): RegressionDraft | null {
  const state: unknown = useLocation().state;
  const draft = typeof state === "object" && state !== null ? (state as { regressionDraft?: unknown }).regressionDraft : undefined;
  return isDraft(draft) ? draft : null;
}

/** The scenario the editor shows for a new name: no id, no cases yet (the draft is added). */
export function newScenarioFrom(draft: RegressionDraft) {
  return { id: "", name: draft.scenarioName, description: null, cases: [] };
}
