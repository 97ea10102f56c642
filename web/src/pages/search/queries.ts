import { graphql } from "../../graphql/graphql";

export const SearchQuery = graphql(`
  query SearchPage($query: String!, $kinds: [SearchKind!], $first: Int!, $after: String) {
    search(query: $query, kinds: $kinds, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node {
        kind conversationId ownerId title dialogIndex turnIndex role matches messageKey caseKey attempt
        snippet { text highlighted }
      } }
    }
  }
`);
