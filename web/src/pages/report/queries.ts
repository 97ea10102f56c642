import { graphql } from "../../graphql/graphql";

export const ReportQuery = graphql(`
  query EvalReport($id: ID!) {
    intelligentEval(id: $id) {
      id name status
      report {
        summary submittedAt priorityRecommendations
        scores { dimension score }
        findings {
          issue severity dimension suggestion relatedSop
          evidence { sessionId turnIndex userSaid assistantReplied verified }
        }
        highlights { description dimension }
      }
      sessions(first: 200) {
        edges {
          node {
            id persona goal dimension status turnCount
            verdict { goalAchieved achievement }
          }
        }
      }
    }
  }
`);
