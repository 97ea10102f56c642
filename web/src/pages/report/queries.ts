import { graphql } from "../../graphql/graphql";

export const ReportQuery = graphql(`
  query EvalReport($id: ID!) {
    intelligentEval(id: $id) {
      id name status
      findingsConfirmed findingsRejected
      verdictAgreement { reviewed agreed agreement kappa }
      reviewHistory { target review { reviewer reviewedAt note decision goalAchieved } }
      plan { provenance }
      report {
        summary submittedAt priorityRecommendations provenance
        scores { dimension score }
        findings {
          id index issue severity dimension suggestion relatedSop
          evidence { sessionId turnIndex userSaid assistantReplied verified }
          review { reviewer reviewedAt note decision }
        }
        highlights { description dimension }
      }
      sessions(first: 200) {
        edges {
          node {
            id persona goal dimension status turnCount
            verdict { goalAchieved achievement provenance }
            review { goalAchieved }
          }
        }
      }
    }
  }
`);

export const ReviewFindingMutation = graphql(`
  mutation ReviewFinding($evalId: ID!, $findingIndex: Int!, $decision: ReviewDecision!, $note: String) {
    reviewFinding(evalId: $evalId, findingIndex: $findingIndex, decision: $decision, note: $note) {
      index review { reviewer reviewedAt note decision }
    }
  }
`);
