import { graphql } from "../../graphql/graphql";

export const ProgressFields = graphql(`
  fragment ProgressFields on RunProgress { runId status total done passed failed errored }
`);

export const CampaignsQuery = graphql(`
  query CampaignsPage($first: Int!, $after: String, $search: String, $orderBy: ListOrder, $scenarioId: ID) {
    campaigns(first: $first, after: $after, search: $search, orderBy: $orderBy, scenarioId: $scenarioId) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges {
        node {
          id name repeat concurrency createdAt scenario { id name } targets { id name }
          runs { id status createdAt completedAt summary { passRate successRate } }
        }
      }
    }
  }
`);

/** What the new-campaign form picks from; same-named scenarios are told apart by cases and date. */
export const CampaignOptionsQuery = graphql(`
  query CampaignOptions {
    scenarios(first: 200, orderBy: NAME_ASC) { edges { node { id name caseCount createdAt } } }
    targets(first: 200, orderBy: NAME_ASC) { edges { node { id name channelType createdAt } } }
  }
`);

export const CreateCampaignMutation = graphql(`
  mutation CreateCampaignPage($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }
`);

export const CampaignQuery = graphql(`
  query CampaignPage($id: ID!) {
    campaign(id: $id) {
      id name repeat concurrency createdAt
      scenario { id name caseCount }
      targets { id name }
      runs {
        id status error createdAt offline
        target { id name }
        progress { ...ProgressFields }
        summary { passRate successRate }
        usage { modelCalls promptTokens completionTokens estimatedCost currency }
      }
    }
  }
`, [ProgressFields]);

export const StartRunMutation = graphql(`
  mutation StartRunPage($campaignId: ID!) { startRun(campaignId: $campaignId) { id status } }
`);

export const CancelRunMutation = graphql(`
  mutation CancelRunPage($runId: ID!) { cancelRun(runId: $runId) { id status } }
`);

export const RunProgressSubscription = graphql(`
  subscription RunProgressLive($runId: ID!) { runProgress(runId: $runId) { ...ProgressFields } }
`, [ProgressFields]);

export const DeleteRunMutation = graphql(`
  mutation DeleteRunPage($id: ID!) { deleteRun(id: $id) }
`);
