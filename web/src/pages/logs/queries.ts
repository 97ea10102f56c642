import { graphql } from "../../graphql/graphql";

export const ConversationSetsQuery = graphql(`
  query ConversationSetsPage($first: Int!, $after: String, $search: String, $orderBy: ListOrder) {
    conversationSets(first: $first, after: $after, search: $search, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { id name sourceFormat dialogCount turnCount createdAt } }
    }
  }
`);

export const ImportConversationsMutation = graphql(`
  mutation ImportConversationsPage($document: String!, $format: String!, $name: String, $sample: Int,
                                   $seed: Int, $redact: [String!]) {
    importConversations(document: $document, format: $format, name: $name, sample: $sample, seed: $seed,
                        redact: $redact) { id }
  }
`);

export const ConversationSetQuery = graphql(`
  query ConversationSetPage($id: ID!, $first: Int!, $offset: Int!) {
    conversationSet(id: $id) {
      id name sourceFormat dialogCount turnCount totalInDocument createdAt
      skipped { reason count } redacted { name count }
      dialogs(first: $first, offset: $offset) { id turns { user reply } }
    }
    scenarios(first: 200) { edges { node { id name caseCount } } }
  }
`);

export const DeleteConversationSetMutation = graphql(`
  mutation DeleteConversationSetPage($id: ID!) { deleteConversationSet(id: $id) }
`);

export const JudgeConversationsMutation = graphql(`
  mutation JudgeConversationsPage($setId: ID!, $scenarioId: ID) {
    judgeConversations(setId: $setId, scenarioId: $scenarioId) { id }
  }
`);
