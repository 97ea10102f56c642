/** QA scorecards: the stored versions, and the editor (a new one, or a stored one as its next version). */
import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import type { JsonValue } from "../../graphql/graphql";
import { ScorecardEditor } from "./ScorecardEditor";
import { ScorecardsQuery } from "./queries";
import { draftFrom, emptyDraft, type ScorecardDraft } from "./scorecardDraft";

export function ScorecardsPage() {
  const { t } = useTranslation();
  const [listed, refetch] = useQuery({ query: ScorecardsQuery });
  const [editing, setEditing] = useState<{ key: string; draft: ScorecardDraft } | null>(null);
  if (listed.error) return <ErrorNotice error={apiErrorFromCombined(listed.error)} />;
  if (!listed.data) return <Loading />;
  const schemas = new Map(listed.data.ruleTypes.map((r) => [r.name, r.paramsSchema as JsonValue]));
  return (
    <Stack maw={1100}>
      <Title order={2}>{t("scorecards.title")}</Title>
      <Text size="sm">{t("scorecards.intro")}</Text>
      <Title order={3}>{t("scorecards.stored")}</Title>
      {listed.data.scorecards.length === 0 && <Text size="sm" c="dimmed">{t("scorecards.empty")}</Text>}
      {listed.data.scorecards.map((card) => (
        <Paper key={card.id} withBorder p="sm">
          <Group justify="space-between">
            <Group gap="xs"><Text fw={600}>{card.ref}</Text><Badge variant="light">{t("scorecards.items", { count: card.itemCount })}</Badge>
              <Code>{card.contentHash.slice(0, 15)}…</Code></Group>
            <Button variant="light" size="xs" onClick={() => setEditing({ key: card.id, draft: draftFrom(card.document as JsonValue, schemas, true) })}>
              {t("scorecards.edit")}
            </Button>
          </Group>
        </Paper>
      ))}
      <Group><Button onClick={() => setEditing({ key: `new-${Date.now()}`, draft: emptyDraft(schemas) })}>{t("scorecards.new")}</Button></Group>
      {editing && (
        <ScorecardEditor key={editing.key} initial={editing.draft} schemas={schemas}
          onSaved={() => refetch({ requestPolicy: "network-only" })} />
      )}
    </Stack>
  );
}
