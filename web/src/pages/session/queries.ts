import { graphql } from "../../graphql/graphql";

export const MessageFields = graphql(`
  fragment MessageFields on Message { id index turnIndex role content latencyMs error createdAt }
`);

export const SessionQuery = graphql(`
  query SessionDetail($id: ID!) {
    session(id: $id) {
      id evalId persona goal dimension status turnCount createdAt closedAt
      eval { id name status }
      review { reviewer reviewedAt note goalAchieved }
      verdict {
        goalAchieved achievement suggestions notes provenance
        issues { description severity turnIndex }
      }
      messages { ...MessageFields }
    }
  }
`, [MessageFields]);

export const SessionMessagesSubscription = graphql(`
  subscription SessionMessages($sessionId: ID!, $afterIndex: Int) {
    sessionMessages(sessionId: $sessionId, afterIndex: $afterIndex) { ...MessageFields }
  }
`, [MessageFields]);

export const ReviewSessionMutation = graphql(`
  mutation ReviewSession($sessionId: ID!, $goalAchieved: Boolean!, $note: String) {
    reviewSession(sessionId: $sessionId, goalAchieved: $goalAchieved, note: $note) {
      id review { reviewer reviewedAt note goalAchieved }
    }
  }
`);
