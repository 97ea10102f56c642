/** P2 管理页: status and next step, inputs, plan with history, actions, live progress and events. */
import { Accordion, Alert, Button, Code, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ErrorNotice } from "../../components/ErrorNotice";
import { LiveIndicator } from "../../components/LiveIndicator";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/status/StatusBadge";
import { formatTime } from "../../components/time";
import { UsageSummary } from "../../components/UsageSummary";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { TERMINAL_STATUSES } from "../../components/status/terminal";
import { EventTimeline } from "./EventTimeline";
import { PlanActions } from "./PlanActions";
import { PlanView } from "./PlanView";
import { ProgressPanel } from "./ProgressPanel";
import { DeleteEvalMutation } from "./queries";
import { SessionsTable } from "../../components/intelligent/SessionsTable";
import { useEvalLive } from "./useEvalLive";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

export function EvalPage() {
  const { evalId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const { result, data, events, live, refresh } = useEvalLive(evalId);
  const item = data?.intelligentEval;
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const [, runDelete] = useMutation(DeleteEvalMutation);

  if (result.error && !item) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!data) return <Loading />;
  if (!item) return <Alert color="yellow">{t("manage.notFound")}</Alert>;

  const time = (value: string | null | undefined) => formatTime(value, i18n.language);
  // Before approval the plan is what to read and decide on; afterwards, the progress.
  const beforeApproval = ["DRAFT", "PLANNING", "PENDING_APPROVAL"].includes(item.status);
  const decisionSection = (
    item.allowedActions.some((a) => ["APPROVE", "REJECT", "CANCEL"].includes(a)) && (
      <Section title={t("manage.actions")}>
        <PlanActions evalId={item.id} evalName={item.name} allowed={item.allowedActions} costEstimate={item.costEstimate} onDone={refresh} />
      </Section>
    )
  );
  const progressSection = (
    <Section title={t("manage.progress")}>
      <ProgressPanel progress={item.progress} />
      {item.usage && (
        <Stack gap={0} mt="sm">
          <Text size="xs" c="dimmed">{t("ops.usage.used")}</Text>
          <UsageSummary usage={item.usage} testId="eval-usage" />
        </Stack>
      )}
    </Section>
  );
  const planSection = (
    <Section title={item.plan ? t("manage.planRevision", { revision: item.planRevision }) : t("manage.plan")}>
      {item.plan ? <PlanView plan={item.plan} windowHours={item.timeWindowHours} /> : <Text>{t("manage.noPlan")}</Text>}
      {item.planFeedback && <Text mt="sm">{t("manage.lastFeedback")}: {item.planFeedback}</Text>}
      {item.planHistory.length > 1 && (
        <Accordion mt="md">
          {item.planHistory.map((revision) => (
            <Accordion.Item key={revision.revision} value={String(revision.revision)}>
              <Accordion.Control>
                {t("manage.revision", { revision: revision.revision })} · {time(revision.submittedAt)}
                {revision.feedback ? ` · ${t("manage.rejectedWith")}: ${revision.feedback}` : ""}
              </Accordion.Control>
              <Accordion.Panel>
                <PlanView plan={revision.plan} windowHours={item.timeWindowHours} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Section>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{item.name}</Title>
          <StatusBadge status={item.status} />
          <LiveIndicator state={live.state} />
        </Group>
        <Group>
          {item.report && <Button component={Link} to={`/evals/${item.id}/report`}>{t("manage.openReport")}</Button>}
          <Button component={Link} to="/evals" variant="default">{t("common.back")}</Button>
          {isAdmin && TERMINAL_STATUSES.has(item.status) && (
            <ConfirmDelete label={t("ops.delete.evalLabel", { name: item.name })}
              title={t("ops.delete.evalTitle", { name: item.name })} consequence={t("ops.delete.evalConsequence")}
              onConfirm={async () => {
                const result = await runDelete({ id: item.id });
                if (result.error) return apiErrorFromCombined(result.error);
                void navigate("/evals");
                return null;
              }} />
          )}
        </Group>
      </Group>
      {live.error && <ErrorNotice error={live.error} />}
      <Alert color={item.status === "FAILED" ? "red" : "blue"} variant="light" title={t("manage.next")}>
        <Group gap="xs">
          {(item.status === "PLANNING" || item.status === "EXECUTING") && <Loader size="xs" aria-hidden />}
          <Text size="sm">{t(`next.${item.status}`)}</Text>
        </Group>
        {item.failureReason && <Text mt="xs">{t("manage.failureReason")}: {item.failureReason}</Text>}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Text size="sm">{t("manage.created")}: {time(item.createdAt)}</Text>
        <Text size="sm">{t("manage.started")}: {time(item.startedAt)}</Text>
        <Text size="sm">{t("manage.completed")}: {time(item.completedAt)}</Text>
        <Text size="sm">{t("manage.lastActivity")}: {time(item.lastAgentActivityAt)}</Text>
      </SimpleGrid>

      {beforeApproval ? <>{planSection}{decisionSection}{progressSection}</> : <>{progressSection}{decisionSection}{planSection}</>}

      <Section title={t("manage.sessions")}>
        {item.sessions.edges.length === 0 ? <Text>{t("manage.noSessions")}</Text> : (
          <SessionsTable evalId={item.id} sessions={item.sessions.edges.map(({ node }) => node)} />
        )}
      </Section>

      <Section title={t("manage.inputs")}>
        <Stack gap="xs">
          <Text><b>{t("new.target")}:</b> {item.target.name}</Text>
          <Text className="transcript-text"><b>{t("new.goal")}:</b> {item.goal}</Text>
          <Text className="transcript-text"><b>{t("new.intent")}:</b> {item.intent}</Text>
          <Text className="transcript-text"><b>{t("new.roleDescription")}:</b> {item.roleDescription}</Text>
          <Text><b>{t("new.timeWindow")}:</b> {item.timeWindowHours}</Text>
          <Text fw={700}>{t("new.seeds")}</Text>
          <Code block>{JSON.stringify(item.seeds, null, 2)}</Code>
        </Stack>
      </Section>

      <Section title={t("manage.events")}>
        <EventTimeline events={events} />
      </Section>
    </Stack>
  );
}
