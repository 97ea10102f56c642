import { graphql } from "../../graphql/graphql";

/**
 * Counts and the newest items. Intelligent evals come newest first; runs come oldest
 * first (the API pages them by creation), so the page reads up to 200 and shows the last.
 */
export const HomeQuery = graphql(`
  query Home {
    intelligentEvals(first: 5) { totalCount edges { node { id name status createdAt } } }
    # The oldest eval waiting for approval, however many newer ones there are.
    waiting: intelligentEvals(first: 1, status: PENDING_APPROVAL, orderBy: OLDEST_FIRST) { edges { node { id name status createdAt } } }
    runs(first: 200) {
      totalCount
      edges { node { id status createdAt offline campaign { id name } target { id name } } }
    }
    campaigns(first: 1) { totalCount edges { node { id name } } }
  }
`);
