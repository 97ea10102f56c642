/** The Monitoring section's operations: monitors, their windows, hits, alerts and conversations. */
import { graphql } from "../../graphql/graphql";

export const MonitorsQuery = graphql(`
  query MonitoringMonitors {
    monitors { id name sourceId active sampleRate createdAt redLines judge }
    monitoredSources { id name autoCreated }
  }
`);

/** 24 windows a row: one query per monitor, asked again by the page's refresh (no subscription per point). */
export const MonitorSparkQuery = graphql(`
  query MonitoringSpark($monitorId: ID!, $count: Int!) {
    monitorWindows(monitorId: $monitorId, count: $count) { start volume passRate { value } }
  }
`);

export const MonitorQuery = graphql(`
  query MonitoringMonitor($monitorId: ID!, $count: Int!) {
    monitors {
      id name sourceId metadataMatch judge redLines sampleRate stratifyBy dailyModelBudget active createdAt
    }
    monitoredSources { id name }
    monitorWindows(monitorId: $monitorId, count: $count) {
      start end volume errored modelJudged skippedByBudget
      passRate { successes total value low high }
      ruleHitRates { ruleType rate { successes total value low high } }
    }
  }
`);

export const HitsQuery = graphql(`
  query MonitoringHits($monitorId: ID!, $sourceId: ID) {
    redLineHits(monitorId: $monitorId, first: 500) { id conversationId ruleType turn quote createdAt }
    monitorVerdicts(monitorId: $monitorId, first: 500) { conversationId version status passed results judgedAt }
    monitoredConversations(sourceId: $sourceId, first: 500) { id externalId metadata }
  }
`);

export const AlertsQuery = graphql(`
  query MonitoringAlerts($monitorId: ID) {
    monitorAlerts(monitorId: $monitorId, first: 200) { id monitorId kind conversationId ruleType state detail createdAt }
    monitors { id name }
  }
`);

export const AcknowledgeAlertMutation = graphql(`
  mutation MonitoringAcknowledge($id: ID!) { acknowledgeMonitorAlert(id: $id) { id state } }
`);

export const MuteAlertMutation = graphql(`
  mutation MonitoringMute($id: ID!) { muteMonitorAlert(id: $id) { id state } }
`);

export const ConversationQuery = graphql(`
  query MonitoringConversation($conversationId: ID!) {
    monitoredConversation(id: $conversationId) {
      id sourceId externalId status version turnCount metadata inferred firstSeenAt lastTurnAt
    }
    monitoredTurns(conversationId: $conversationId) { position messageKey role content sentAt latencyMs toolCalls }
    redLineHits(conversationId: $conversationId, first: 500) { id monitorId ruleType turn quote createdAt }
    monitorVerdicts(conversationId: $conversationId, first: 50) {
      monitorId version status passed successLevel score results judgedAt
    }
    monitors { id name }
    monitoredSources { id name }
  }
`);

export const MonitorFormQuery = graphql(`
  query MonitoringForm {
    monitors { id name sourceId metadataMatch judge redLines sampleRate stratifyBy dailyModelBudget active }
    monitoredSources { id name }
    ruleTypes { name description scope modelRole paramsSchema }
  }
`);

export const CreateMonitorMutation = graphql(`
  mutation MonitoringCreate($name: String!, $judge: JSON!, $sourceId: ID, $metadataMatch: JSON, $redLines: JSON,
                            $sampleRate: Float!, $stratifyBy: String, $dailyModelBudget: Int) {
    createMonitor(name: $name, judge: $judge, sourceId: $sourceId, metadataMatch: $metadataMatch, redLines: $redLines,
                  sampleRate: $sampleRate, stratifyBy: $stratifyBy, dailyModelBudget: $dailyModelBudget) { id }
  }
`);

export const UpdateMonitorMutation = graphql(`
  mutation MonitoringUpdate($id: ID!, $name: String!, $judge: JSON!, $sourceId: ID, $metadataMatch: JSON,
                            $redLines: JSON, $sampleRate: Float!, $stratifyBy: String, $dailyModelBudget: Int,
                            $active: Boolean!) {
    updateMonitor(id: $id, name: $name, judge: $judge, sourceId: $sourceId, metadataMatch: $metadataMatch,
                  redLines: $redLines, sampleRate: $sampleRate, stratifyBy: $stratifyBy,
                  dailyModelBudget: $dailyModelBudget, active: $active) { id }
  }
`);

export const BackfillMonitorMutation = graphql(`
  mutation MonitoringBackfill($id: ID!, $since: String!) { backfillMonitor(id: $id, since: $since) }
`);
