import { graphql } from "../../graphql/graphql";

export const PlanFields = graphql(`
  fragment PlanFields on Plan {
    dimensions estimatedSessions completionCriteria provenance
    virtualUsers { persona goal dimension }
    timeDistribution { timeSlot sessions scenario }
    budget { maxTurnsPerSession totalMaxTurns }
  }
`);

export const EventFields = graphql(`
  fragment EventFields on EvalEvent { id sequence type status sessionId detail at }
`);

export const EvalQuery = graphql(`
  query EvalManage($id: ID!) {
    intelligentEval(id: $id) {
      id name status allowedActions goal seeds intent roleDescription timeWindowHours
      target { id name }
      plan { ...PlanFields }
      planFeedback planRevision
      planHistory { revision submittedAt feedback rejectedAt plan { ...PlanFields } }
      progress {
        sessionsPlanned sessionsStarted sessionsRunning sessionsClosed turnsUsed turnBudget
        budgetOverruns dimensionsCovered dimensionsPlanned
      }
      failureReason createdAt startedAt completedAt lastAgentActivityAt
      report { submittedAt }
      usage { modelCalls promptTokens completionTokens estimatedCost currency }
      costEstimate { modelCalls promptTokens completionTokens estimatedCost currency }
      sessions(first: 200) {
        totalCount
        edges { node { id goal dimension status turnCount persona } }
      }
      events(first: 500) { totalCount edges { node { ...EventFields } } }
    }
  }
`, [PlanFields, EventFields]);

export const EvalEventsSubscription = graphql(`
  subscription EvalEvents($evalId: ID!, $afterSequence: Int) {
    intelligentEvalEvents(evalId: $evalId, afterSequence: $afterSequence) { ...EventFields }
  }
`, [EventFields]);

export const ApproveMutation = graphql(`
  mutation Approve($evalId: ID!) { approvePlan(evalId: $evalId) { id status allowedActions } }
`);
export const RejectMutation = graphql(`
  mutation Reject($evalId: ID!, $feedback: String!) { rejectPlan(evalId: $evalId, feedback: $feedback) { id status allowedActions } }
`);
export const CancelMutation = graphql(`
  mutation Cancel($evalId: ID!, $reason: String) { cancelIntelligentEval(evalId: $evalId, reason: $reason) { id status allowedActions } }
`);
export const DeleteEvalMutation = graphql(`
  mutation DeleteEval($id: ID!) { deleteIntelligentEval(id: $id) }
`);
