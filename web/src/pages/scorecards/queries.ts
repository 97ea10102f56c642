import { graphql } from "../../graphql/graphql";

export const ScorecardsQuery = graphql(`
  query Scorecards {
    scorecards { id ref name version contentHash itemCount document createdAt }
    ruleTypes { name description paramsSchema }
  }
`);

export const SaveScorecardMutation = graphql(`
  mutation SaveScorecard($document: String!) { saveScorecard(document: $document) { id ref contentHash } }
`);

export const ScorecardDryRunQuery = graphql(`
  query ScorecardDryRun($document: String!, $messages: JSON!) { scorecardDryRun(document: $document, messages: $messages) }
`);
