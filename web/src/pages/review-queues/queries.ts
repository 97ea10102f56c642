import { graphql } from "../../graphql/graphql";

export const QueuesQuery = graphql(`
  query ReviewQueues { reviewQueues { id name appealsOf appealsOfName planId secondReviewShare reviewerKeyIds createdBy createdAt } me { id role } }
`);

export const QueueProgressQuery = graphql(`
  query ReviewQueueProgress($queueId: ID!) {
    reviewQueueReport(queueId: $queueId) {
      items decided openByStage appealed overturnedByAppeal
      reviewers { reviewerKeyId reviewer answered holding secondsMedian }
    }
  }
`);

/** A REVIEWER may not read reports: its progress is counted from the items it may read. */
export const QueueItemsProgressQuery = graphql(`
  query ReviewQueueItemsProgress($queueId: ID!) { reviewItems(queueId: $queueId, limit: 500) { id stage status } }
`);

export const PlanFormQuery = graphql(`
  query ReviewPlanForm {
    reviewPlans { id name spec createdAt }
    runs(first: 100, status: COMPLETED) { edges { node { id offline createdAt campaign { name } target { name } } } }
    intelligentEvals(first: 100, status: COMPLETED) { edges { node { id name } } }
    me { id role }
  }
`);

/** Keys that may review, by name: OPERATOR may read these (apiKeys is ADMIN's). */
export const ReviewerKeysQuery = graphql(`
  query ReviewerKeys { reviewerKeys { id name role } }
`);

export const CreatePlanMutation = graphql(`
  mutation CreateReviewPlan($name: String!, $spec: JSON!) { createReviewPlan(name: $name, spec: $spec) { id name } }
`);

export const CreateQueueMutation = graphql(`
  mutation CreateReviewQueue($name: String!, $planId: ID!, $runIds: [ID!], $evalIds: [ID!], $reviewerKeyIds: [ID!]) {
    createReviewQueue(name: $name, planId: $planId, runIds: $runIds, evalIds: $evalIds, reviewerKeyIds: $reviewerKeyIds) { id name }
  }
`);
