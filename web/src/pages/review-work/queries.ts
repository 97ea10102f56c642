import { graphql } from "../../graphql/graphql";

export const WorkItemFields = graphql(`
  fragment WorkItemFields on ReviewItem {
    id queueId position stage kind target runId evalId reasons rubric status claimedByMe claimedUntil final finalSource
    answers { reviewer stage answer note seconds reviewedAt }
    appeal { id reason appealedBy appealedAt verdictSource appealedVerdict status }
  }
`);

export const WorkQueueQuery = graphql(`
  query WorkQueue($queueId: ID!) {
    reviewQueue(id: $queueId) { id name appealsOf appealsOfName secondReviewShare }
    held: reviewItems(queueId: $queueId, mine: true, limit: 100) { ...WorkItemFields }
    done: reviewItems(queueId: $queueId, status: "DONE", limit: 500) { id answers { reviewer seconds reviewedAt } }
    me { id name role }
  }
`, [WorkItemFields]);

export const WorkItemQuery = graphql(`
  query WorkItem($id: ID!) { reviewItem(id: $id) { ...WorkItemFields transcript } }
`, [WorkItemFields]);

export const ClaimBatchMutation = graphql(`
  mutation ClaimBatch($queueId: ID!, $size: Int!) { claimReviewBatch(queueId: $queueId, size: $size) { ...WorkItemFields } }
`, [WorkItemFields]);

export const SubmitAnswerMutation = graphql(`
  mutation SubmitAnswer($itemId: ID!, $answer: JSON!, $note: String, $seconds: Float) {
    submitReviewAnswer(itemId: $itemId, answer: $answer, note: $note, seconds: $seconds) { id status final finalSource }
  }
`);

export const ReleaseItemMutation = graphql(`
  mutation ReleaseItem($itemId: ID!) { releaseReviewItem(itemId: $itemId) { id } }
`);
