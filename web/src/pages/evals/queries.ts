import { graphql } from "../../graphql/graphql";

/** The rows themselves: cheap, so a long page shows at once. */
export const EvalListQuery = graphql(`
  query EvalList($first: Int!, $after: String, $status: IntelligentEvalStatus, $targetId: ID, $search: String, $orderBy: ListOrder) {
    intelligentEvals(first: $first, after: $after, status: $status, targetId: $targetId, search: $search, orderBy: $orderBy) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name status createdAt } }
    }
  }
`);

/** Target and progress cost the server a lookup per row: asked in parallel, filled in when here. */
export const EvalListDetailsQuery = graphql(`
  query EvalListDetails($first: Int!, $after: String, $status: IntelligentEvalStatus, $targetId: ID, $search: String, $orderBy: ListOrder) {
    intelligentEvals(first: $first, after: $after, status: $status, targetId: $targetId, search: $search, orderBy: $orderBy) {
      edges {
        node {
          id
          target { id name }
          progress { sessionsPlanned sessionsClosed }
        }
      }
    }
  }
`);

export { TargetOptionsQuery } from "../../graphql/targetOptions";

export const EVAL_STATUSES = [
  "DRAFT", "PLANNING", "PENDING_APPROVAL", "EXECUTING", "COMPLETED", "CANCELLED", "FAILED",
] as const;
export type EvalStatus = (typeof EVAL_STATUSES)[number];

export const DeleteEvalFromListMutation = graphql(`
  mutation DeleteEvalFromList($id: ID!) { deleteIntelligentEval(id: $id) }
`);
