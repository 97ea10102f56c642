/** Appeals with their trail: who appealed, when and why; who decided, when; overturned or upheld; the final verdict. */
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { personOf } from "../../components/review-queues/rubric";
import { formatTime } from "../../components/time";
import type { ResultOf } from "../../graphql/graphql";
import type { QueueDetailQuery } from "./queries";
import { standingVerdict, verdictOf } from "./verdicts";

type Detail = ResultOf<typeof QueueDetailQuery>;

export function AppealsList({ appeals, items }: { appeals: NonNullable<Detail["reviewAppeals"]>; items: NonNullable<Detail["reviewItems"]> }) {
  const { t, i18n } = useTranslation();
  if (appeals.length === 0) return <Text size="sm" c="dimmed">{t("workbench.queue.noAppeals")}</Text>;
  const byId = new Map(items.map((i) => [i.id, i]));
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("workbench.queue.appeals")}>
      {appeals.map((appeal) => {
        const item = byId.get(appeal.itemId);
        const kind = item?.kind ?? "CASE";
        const source = t(`workbench.queue.verdictSource.${appeal.verdictSource as "HUMAN"}`, { defaultValue: appeal.verdictSource });
        return (
          <Paper component="li" key={appeal.id} withBorder p="sm" aria-label={item?.target ?? appeal.itemId}>
            <Group justify="space-between" gap="xs">
              <Text fw={700} style={{ wordBreak: "break-all" }}>{item?.target ?? appeal.itemId}</Text>
              <Badge color={appeal.status === "OPEN" ? "gray" : appeal.overturned ? "grape" : "green"} variant="light">
                {appeal.status === "OPEN" ? t("workbench.queue.waiting") : appeal.overturned ? t("workbench.queue.overturned") : t("workbench.queue.upheld")}
              </Badge>
            </Group>
            <Text size="sm" className="transcript-text">“{appeal.reason}”</Text>
            <Text size="xs">{t("workbench.queue.appealedBy", { who: personOf(appeal.appealedBy), time: formatTime(appeal.appealedAt, i18n.language) })}</Text>
            <Text size="xs">{t("workbench.queue.appealedVerdict", { source, value: verdictOf(t, kind, appeal.appealedVerdict) })}</Text>
            {appeal.decidedBy && (
              <Text size="xs">{t("workbench.queue.decidedBy", { who: personOf(appeal.decidedBy), time: formatTime(appeal.decidedAt, i18n.language) })}</Text>
            )}
            {item && appeal.status !== "OPEN" && (
              <Text size="sm" fw={600}>{t("workbench.queue.finalVerdict", { value: standingVerdict(t, item) })}</Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
