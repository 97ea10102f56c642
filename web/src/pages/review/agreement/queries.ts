import { graphql } from "../../../graphql/graphql";

export const AgreementHistoryQuery = graphql(`
  query JudgeAgreementHistory($ruleType: String, $judgeModel: String, $bucket: AgreementBucket!) {
    judgeAgreementHistory(ruleType: $ruleType, judgeModel: $judgeModel, bucket: $bucket) {
      ruleType judgeModel revision bucketStart reviewed agreed agreement kappa kappaLow kappaHigh basis itemReviews caseReviews
    }
  }
`);
