import { graphql } from "../../graphql/graphql";

/** One run of the matrix: its absolute metrics and every case's attempts with replies and rule results. */
export const MatrixRunQuery = graphql(`
  query MatrixRun($id: ID!) {
    run(id: $id) {
      id status createdAt offline
      campaign { id name scenario { id name } }
      target { id name }
      summary {
        totalCases passRate successRate intentAccuracy avgCompletion passHatK latencyP50Ms latencyP95Ms errorCount flipRate
      }
      outcomes(first: 500) {
        edges {
          node {
            caseKey attempt passed successLevel score
            turns { index sentMessage reply error }
            results { ruleType passed score error }
          }
        }
      }
    }
  }
`);

/** The server's comparison of one run against the base: deltas, warnings and significance. */
export const MatrixComparisonQuery = graphql(`
  query MatrixComparison($base: ID!, $head: ID!) {
    compareRuns(baseRunId: $base, headRunId: $head) {
      passRateDelta successRateDelta unchangedCount warnings
      significance { method pValue passRateDeltaCi95Low passRateDeltaCi95High }
    }
  }
`);

/** Runs that could join the comparison: every campaign's over the base run's scenario. */
export const ComparableRunsQuery = graphql(`
  query ComparableRuns($scenarioId: ID!) {
    runs(scenarioId: $scenarioId, first: 200) {
      edges { node { id status createdAt campaign { id name } target { name } summary { passRate } } }
    }
  }
`);
