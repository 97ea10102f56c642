import { graphql } from "../../graphql/graphql";

export const TargetsQuery = graphql(`
  query TargetsPage($first: Int!, $after: String, $search: String, $orderBy: ListOrder) {
    targets(first: $first, after: $after, search: $search, orderBy: $orderBy) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name description channelType maxConcurrency createdAt } }
    }
  }
`);

export const TargetEditQuery = graphql(`
  query TargetEdit($id: ID!, $withTarget: Boolean!) {
    channelTypes { name description translations configSchema }
    target(id: $id) @include(if: $withTarget) { id name description channelType channelConfig maxConcurrency }
  }
`);

export const CreateTargetMutation = graphql(`
  mutation CreateTargetPage($input: CreateTargetInput!) { createTarget(input: $input) { id } }
`);

export const UpdateTargetMutation = graphql(`
  mutation UpdateTargetPage($id: ID!, $input: UpdateTargetInput!) {
    updateTarget(id: $id, input: $input) { id name description channelConfig maxConcurrency }
  }
`);

export const DeleteTargetMutation = graphql(`
  mutation DeleteTargetPage($id: ID!) { deleteTarget(id: $id) }
`);

export const ProbeTargetMutation = graphql(`
  mutation ProbeTargetPage($id: ID!, $message: String!) {
    probeTarget(id: $id, message: $message) { ok reply latencyMs error }
  }
`);
