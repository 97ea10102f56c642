import { graphql } from "../../graphql/graphql";

export const QueueDetailQuery = graphql(`
  query ReviewQueueDetail($queueId: ID!) {
    reviewQueue(id: $queueId) { id name planId secondReviewShare reviewerKeyIds createdBy createdAt }
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
