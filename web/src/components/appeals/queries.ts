import { graphql } from "../../graphql/graphql";

/** Appeals of one run's or eval's verdicts, wherever they are decided (its appeals queue or a review queue). */
export const VerdictAppealsQuery = graphql(`
  query VerdictAppeals($runId: ID, $evalId: ID) {
    verdictAppeals(runId: $runId, evalId: $evalId) {
      id target entryKey queueId status overturned reason appealedBy appealedAt decidedBy decidedAt
    }
  }
`);

export const AppealVerdictMutation = graphql(`
  mutation AppealAnyVerdict($subject: AppealSubjectInput!, $reason: String!) {
    appealVerdict(subject: $subject, reason: $reason) { id target entryKey queueId status }
  }
`);
