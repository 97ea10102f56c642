/**
 * "Add to a regression scenario" on a finding or a session: a small dialog picks an existing
 * scenario or names a new one, asks the server for the draft case, and opens the scenario editor
 * on it (router state; nothing is saved until the editor saves).
 */
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useClient, useQuery, type Client } from "urql";
import { ErrorNotice } from "../ErrorNotice";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { graphql, type ResultOf } from "../../graphql/graphql";
import { scenarioOptions, targetVariables, type TargetChoice } from "./regressionTarget";

const ScenarioChoicesQuery = graphql(`
  query RegressionScenarioChoices { scenarios(first: 200, orderBy: NAME_ASC) { edges { node { id name } } } }
`);


export const FromFindingMutation = graphql(`
  mutation RegressionFromFinding($findingId: ID!, $scenarioId: ID, $newScenarioName: String) {
    createCaseFromFinding(findingId: $findingId, scenarioId: $scenarioId, newScenarioName: $newScenarioName) {
      scenarioId scenarioName notes
      case {
        key type messages expectation ruleLogic rulePassThreshold successThreshold partialThreshold tags
        evalRules { type params weight scope }
        turnChecks { turnIndex expect evalRules { type params weight scope } }
        toolResults
        origin { evalId sessionId findingId findingIndex evalName }
      }
    }
  }
`);

export const FromSessionMutation = graphql(`
  mutation RegressionFromSession($sessionId: ID!, $upToTurn: Int, $scenarioId: ID, $newScenarioName: String) {
    createCaseFromSession(sessionId: $sessionId, upToTurn: $upToTurn, scenarioId: $scenarioId, newScenarioName: $newScenarioName) {
      scenarioId scenarioName notes
      case {
        key type messages expectation ruleLogic rulePassThreshold successThreshold partialThreshold tags
        evalRules { type params weight scope }
        turnChecks { turnIndex expect evalRules { type params weight scope } }
        toolResults
        origin { evalId sessionId findingId findingIndex evalName }
      }
    }
  }
`);

export const FromConversationMutation = graphql(`
  mutation RegressionFromConversation($conversationId: ID!, $upToTurn: Int, $scenarioId: ID, $newScenarioName: String) {
    createCaseFromConversation(conversationId: $conversationId, upToTurn: $upToTurn, scenarioId: $scenarioId,
                               newScenarioName: $newScenarioName) {
      scenarioId scenarioName notes
      case {
        key type messages expectation ruleLogic rulePassThreshold successThreshold partialThreshold tags
        evalRules { type params weight scope }
        turnChecks { turnIndex expect evalRules { type params weight scope } }
        toolResults
        origin { evalId sessionId findingId findingIndex evalName }
      }
    }
  }
`);

// The three mutations ask for the same fields, written out twice: gql.tada types only literal documents.

/** What the editor receives in the router state (`regressionDraft`). */
export type RegressionDraft = ResultOf<typeof FromFindingMutation>["createCaseFromFinding"];

export type DraftSource = { kind: "finding"; findingId: string } | { kind: "session"; sessionId: string; upToTurn?: number }
  | { kind: "conversation"; conversationId: string; upToTurn?: number };

interface Props {
  source: DraftSource;
  /** The accessible name's end, e.g. "finding #4". */
  what: string;
  compact?: boolean;
}

export function AddToRegression({ source, what, compact }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={compact ? "compact-xs" : "xs"} variant="light" aria-label={t("regression.addLabel", { what })}
        onClick={() => setOpened(true)}>
        {compact ? t("regression.sessionButton") : t("regression.add")}
      </Button>
      {opened && <RegressionDialog source={source} onClose={() => setOpened(false)} />}
    </>
  );
}

type Target = NonNullable<ReturnType<typeof targetVariables>>;

/** The draft from whichever mutation the source needs, or the API's error. */
async function askForDraft(client: Client, source: DraftSource, target: Target): Promise<{ error: ApiError | null; drafted: RegressionDraft | null }> {
  const answer = source.kind === "finding"
    ? await client.mutation(FromFindingMutation, { findingId: source.findingId, ...target }).toPromise()
    : source.kind === "session"
      ? await client.mutation(FromSessionMutation, { sessionId: source.sessionId, upToTurn: source.upToTurn ?? null, ...target }).toPromise()
      : await client.mutation(FromConversationMutation, { conversationId: source.conversationId, upToTurn: source.upToTurn ?? null, ...target }).toPromise();
  const data = answer.data;
  const drafted = !data ? null : "createCaseFromFinding" in data ? data.createCaseFromFinding
    : "createCaseFromSession" in data ? data.createCaseFromSession : data.createCaseFromConversation;
  return { error: answer.error ? apiErrorFromCombined(answer.error) : null, drafted: drafted ?? null };
}

function RegressionDialog({ source, onClose }: { source: DraftSource; onClose(): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const [choices] = useQuery({ query: ScenarioChoicesQuery, requestPolicy: "network-only" });
  const scenarios = choices.data?.scenarios.edges.map((e) => e.node) ?? [];
  const [choice, setChoice] = useState<TargetChoice>({ mode: "new", name: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const target = targetVariables(choice);

  const draft = async () => {
    if (!target) return;
    setBusy(true);
    const { error: failed, drafted } = await askForDraft(client, source, target);
    setBusy(false);
    if (failed || !drafted) { setError(failed); return; }
    navigate(`/scenarios/${drafted.scenarioId ?? "new"}/edit`, { state: { regressionDraft: drafted } });
  };

  return (
    <Modal opened onClose={onClose} title={t("regression.title")} closeButtonProps={{ "aria-label": t("regression.cancel") }}>
      <Stack>
        <Text size="sm">{t("regression.intro")}</Text>
        <SegmentedControl value={choice.mode} fullWidth
          data={[{ value: "new", label: t("regression.newScenario") }, { value: "existing", label: t("regression.existing") }]}
          onChange={(mode) => setChoice(mode === "new" ? { mode: "new", name: "" } : { mode: "existing", scenarioId: null })} />
        {choice.mode === "new" ? (
          <TextInput label={t("regression.newName")} value={choice.name} data-autofocus
            onChange={(e) => setChoice({ mode: "new", name: e.currentTarget.value })} />
        ) : scenarios.length === 0 && choices.data ? (
          <Alert color="blue">{t("regression.noScenarios")}</Alert>
        ) : (
          <Select label={t("regression.pickScenario")} placeholder={t("regression.pickPlaceholder")} searchable
            data={scenarioOptions(scenarios)} value={choice.scenarioId}
            onChange={(scenarioId) => setChoice({ mode: "existing", scenarioId })} />
        )}
        {choices.error && <ErrorNotice error={apiErrorFromCombined(choices.error)} />}
        {error && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("regression.cancel")}</Button>
          <Button onClick={() => void draft()} loading={busy} disabled={!target}>{t("regression.draft")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
