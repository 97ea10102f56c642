import { graphql } from "../../graphql/graphql";

export const QueueDetailQuery = graphql(`
  query ReviewQueueDetail($queueId: ID!) {
    reviewQueue(id: $queueId) { id name appealsOf appealsOfName planId secondReviewShare reviewerKeyIds createdBy createdAt }
    reviewItems(queueId: $queueId, stage: "FIRST", limit: 500) {
      id position kind target reasons rubric status final finalSource
      answers { reviewer stage answer note reviewedAt }
      appeal { id status overturned }
    }
    reviewAppeals(queueId: $queueId) {
      id itemId verdictSource appealedVerdict reason appealedBy appealedAt status overturned decidedBy decidedAt
    }
  }
`);

export const ReviewFiguresFields = graphql(`
  fragment ReviewFiguresFields on ReviewFigures { agreement { reviewed agreed agreement kappa } kappaLow kappaHigh }
`);

export const QueueReportQuery = graphql(`
  query ReviewQueueReportPage($queueId: ID!) {
    reviewQueueReport(queueId: $queueId) {
      items decided openByStage appealed overturnedByAppeal
      reviewers { reviewerKeyId reviewer answered holding secondsMedian overturnedByAppeal withMachine { ...ReviewFiguresFields } }
      rules { ruleType judgeModel reviewed appealed overturnedByAppeal withMachine { ...ReviewFiguresFields } }
      interReviewer { kind betweenReviewers { ...ReviewFiguresFields } }
      markdown
    }
  }
`, [ReviewFiguresFields]);

export const AppealMutation = graphql(`
  mutation AppealVerdict($itemId: ID!, $reason: String!) { appealReviewVerdict(itemId: $itemId, reason: $reason) { id status } }
`);

/** Keys that may review, by name (OPERATOR and ADMIN may read it: apiKeys is ADMIN's). */
export const ReviewerKeysQuery = graphql(`
  query QueueReviewerKeys { reviewerKeys { id name role } }
`);

export const AssignQueueMutation = graphql(`
  mutation AssignReviewQueue($queueId: ID!, $keys: [ID!]!) {
    assignReviewQueue(queueId: $queueId, reviewerKeyIds: $keys) { id reviewerKeyIds }
  }
`);

export const AssignBatchMutation = graphql(`
  mutation AssignReviewBatch($queueId: ID!, $keyId: ID!, $size: Int!) {
    assignReviewBatch(queueId: $queueId, reviewerKeyId: $keyId, size: $size) { id }
  }
`);

/** Per-reviewer progress: the report's reviewer rows (answered, holding). */
export const ReviewerProgressQuery = graphql(`
  query ReviewerProgress($queueId: ID!) {
    reviewQueueReport(queueId: $queueId) { items decided reviewers { reviewerKeyId reviewer answered holding } }
  }
`);
