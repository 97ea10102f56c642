import { graphql } from "../../graphql/graphql";

export const ScenariosQuery = graphql(`
  query ScenariosPage($first: Int!, $after: String, $search: String, $orderBy: ListOrder) {
    scenarios(first: $first, after: $after, search: $search, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id name description caseCount createdAt } }
    }
  }
`);

export const ImportScenarioMutation = graphql(`
  mutation ImportScenarioPage($document: String!) { importScenario(document: $document) { id name } }
`);

export const ScenarioQuery = graphql(`
  query ScenarioPage($id: ID!) {
    scenario(id: $id) {
      id name description caseCount createdAt
      cases {
        key type messages expectation ruleLogic rulePassThreshold successThreshold partialThreshold tags
        evalRules { type params weight }
        simulated { persona goal opening maxTurns stopWhen followUps simulator }
        origin { evalId findingIndex evalName }
      }
    }
  }
`);
