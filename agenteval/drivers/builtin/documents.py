"""The GraphQL documents the built-in driver sends: the same operations any agent uses."""

from __future__ import annotations

PLAN_FIELDS = """
fragment PlanFields on Plan {
  dimensions
  virtualUsers { persona goal dimension }
  timeDistribution { timeSlot sessions scenario }
  estimatedSessions
  budget { maxTurnsPerSession totalMaxTurns }
  completionCriteria
}"""

PROGRESS_FIELDS = """
fragment ProgressFields on EvalProgress {
  sessionsPlanned sessionsStarted sessionsRunning sessionsClosed
  turnsUsed turnBudget budgetOverruns dimensionsCovered dimensionsPlanned
}"""

SESSION_FIELDS = """
fragment SessionFields on Session {
  id evalId status persona goal dimension virtualUserIndex timeSlotIndex turnCount
  createdAt closedAt
}"""

VERDICT_FIELDS = """
fragment VerdictFields on Verdict {
  goalAchieved achievement issues { description severity turnIndex } suggestions notes
}"""

MESSAGE_FIELDS = """
fragment MessageFields on Message { id index turnIndex role content latencyMs error }"""

GET_EVAL = """
query GetEval($id: ID!) {
  intelligentEval(id: $id) {
    id name status allowedActions
    target { id name description channelType }
    goal seeds intent roleDescription timeWindowHours
    plan { ...PlanFields }
    planFeedback planRevision
    planHistory { revision submittedAt feedback rejectedAt }
    progress { ...ProgressFields }
    failureReason createdAt startedAt completedAt lastAgentActivityAt
  }
}""" + PLAN_FIELDS + PROGRESS_FIELDS

LIST_EVALS = """
query ListEvals($status: IntelligentEvalStatus, $after: String) {
  intelligentEvals(first: 50, after: $after, status: $status) {
    pageInfo { hasNextPage endCursor }
    edges { node { id status planRevision progress { ...ProgressFields } } }
  }
}""" + PROGRESS_FIELDS

SUBMIT_PLAN = """
mutation SubmitPlan($evalId: ID!, $plan: PlanInput!) {
  submitPlan(evalId: $evalId, plan: $plan) {
    id status planRevision plan { ...PlanFields }
  }
}""" + PLAN_FIELDS

CREATE_SESSION = """
mutation CreateSession($evalId: ID!, $input: CreateSessionInput!) {
  createSession(evalId: $evalId, input: $input) { ...SessionFields verdict { achievement } }
}""" + SESSION_FIELDS

SEND_MESSAGE = """
mutation SendMessage($sessionId: ID!, $content: String!, $idempotencyKey: String) {
  sendMessage(sessionId: $sessionId, content: $content, idempotencyKey: $idempotencyKey) {
    userMessage { ...MessageFields }
    reply { ...MessageFields }
    session { id status turnCount }
  }
}""" + MESSAGE_FIELDS

CLOSE_SESSION = """
mutation CloseSession($sessionId: ID!, $verdict: VerdictInput!) {
  closeSession(sessionId: $sessionId, verdict: $verdict) {
    ...SessionFields
    verdict { ...VerdictFields }
  }
}""" + SESSION_FIELDS + VERDICT_FIELDS

SESSION_TRANSCRIPT = """
query SessionTranscript($id: ID!) {
  session(id: $id) {
    ...SessionFields
    verdict { ...VerdictFields }
    messages { ...MessageFields }
  }
}""" + SESSION_FIELDS + VERDICT_FIELDS + MESSAGE_FIELDS

EVAL_SESSIONS = """
query EvalSessions($id: ID!, $after: String) {
  intelligentEval(id: $id) {
    id
    sessions(first: 20, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { ...SessionFields verdict { ...VerdictFields } messages { ...MessageFields } } }
    }
  }
}""" + SESSION_FIELDS + VERDICT_FIELDS + MESSAGE_FIELDS

SUBMIT_REPORT = """
mutation SubmitReport($evalId: ID!, $report: ReportInput!) {
  submitReport(evalId: $evalId, report: $report) {
    id status
    report {
      summary
      findings { issue severity evidence { sessionId turnIndex verified } }
    }
  }
}"""

HEARTBEAT = """
mutation Heartbeat($evalId: ID!, $note: String) {
  heartbeat(evalId: $evalId, note: $note) { id status }
}"""

DOCUMENTS = {
    "GetEval": GET_EVAL, "ListEvals": LIST_EVALS, "SubmitPlan": SUBMIT_PLAN,
    "CreateSession": CREATE_SESSION, "SendMessage": SEND_MESSAGE,
    "CloseSession": CLOSE_SESSION, "SessionTranscript": SESSION_TRANSCRIPT,
    "EvalSessions": EVAL_SESSIONS, "SubmitReport": SUBMIT_REPORT, "Heartbeat": HEARTBEAT,
}
