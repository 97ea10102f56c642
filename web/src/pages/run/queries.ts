import { graphql } from "../../graphql/graphql";

export const OutcomeFields = graphql(`
  fragment OutcomeFields on CaseOutcome {
    caseKey attempt passed successLevel score intentPassed completionRate error tags simulation
    origin { evalId findingIndex evalName }
    turns { index sentMessage reply latencyMs error rawResponse toolCalls { name arguments } author }
    results { ruleType implicit passed score weight detail error turnIndex }
    review { reviewer reviewedAt note successLevel }
  }
`);

/** `$tag` narrows the cases on the server (the run's snapshot of the scenario), not in the page. */
export const RunReportQuery = graphql(`
  query RunReport($id: ID!, $tag: String) {
    run(id: $id) {
      id status error createdAt startedAt completedAt offline conversationSetId
      offlineSkipped { caseKey reason }
      campaign { id name scenario { id name cases { tags } } }
      target { id name }
      progress { runId status total done passed failed errored }
      summary {
        totalCases passedCases passRate successRate successCount partialCount failureCount errorCount
        intentAccuracy avgCompletion passHatK passHatCurve latencyP50Ms latencyP95Ms
        intentConfusion { expected predicted count }
        humanAgreement { reviewed agreed agreement kappa }
      }
      outcomes(first: 500, tag: $tag) { totalCount edges { node { ...OutcomeFields } } }
      reviewHistory { target review { reviewer reviewedAt note successLevel } }
    }
  }
`, [OutcomeFields]);

/** Every outcome of a run, a page at a time, for Export CSV / JSON. */
export const RunOutcomesExportQuery = graphql(`
  query RunOutcomesExport($id: ID!, $after: String) {
    run(id: $id) {
      outcomes(first: 500, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ...OutcomeFields } } }
    }
  }
`, [OutcomeFields]);

export const ReviewCaseOutcomeMutation = graphql(`
  mutation ReviewCaseOutcome($runId: ID!, $caseKey: String!, $attempt: Int!, $successLevel: SuccessLevel!, $note: String) {
    reviewCaseOutcome(runId: $runId, caseKey: $caseKey, attempt: $attempt, successLevel: $successLevel, note: $note) {
      caseKey attempt review { reviewer reviewedAt note successLevel }
    }
  }
`);
