import { graphql } from "../../graphql/graphql";

export const ScenariosQuery = graphql(`
  query ScenariosPage { scenarios(first: 200) { totalCount edges { node { id name description caseCount createdAt } } } }
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
      }
    }
  }
`);
