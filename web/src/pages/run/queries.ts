import { graphql } from "../../graphql/graphql";

export const OutcomeFields = graphql(`
  fragment OutcomeFields on CaseOutcome {
    caseKey attempt passed successLevel score intentPassed completionRate error tags
    turns { index sentMessage reply latencyMs error }
    results { ruleType implicit passed score weight detail error }
  }
`);

export const RunReportQuery = graphql(`
  query RunReport($id: ID!) {
    run(id: $id) {
      id status error createdAt startedAt completedAt
      campaign { id name scenario { id name } }
      target { id name }
      progress { runId status total done passed failed errored }
      summary {
        totalCases passedCases passRate successRate successCount partialCount failureCount errorCount
        intentAccuracy avgCompletion passHatK latencyP50Ms latencyP95Ms
        intentConfusion { expected predicted count }
      }
      outcomes(first: 500) { totalCount edges { node { ...OutcomeFields } } }
    }
  }
`, [OutcomeFields]);
