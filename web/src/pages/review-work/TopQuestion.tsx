/** The item's top question (level 1/2/3, or yes 1 / no 2) with the automatic verdict beside it. */
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { asksLevel, LEVELS, type ItemKind, type Level } from "../../components/review-queues/rubric";
import { verdictText } from "./verdictText";

export function TopQuestion({ kind, machine, value, onChoose }: {
  kind: ItemKind; machine: Level | boolean | null; value: Level | boolean | null; onChoose(choice: 0 | 1 | 2): void;
}) {
  const { t } = useTranslation();
  const question = asksLevel(kind) ? t("workbench.work.question")
    : kind === "SESSION" ? t("workbench.work.goalQuestion") : t("workbench.work.findingQuestion");
  const choices: (Level | boolean)[] = asksLevel(kind) ? [...LEVELS] : [true, false];
  const colors = asksLevel(kind) ? ["teal.9", "yellow", "red.9"] : ["teal.9", "red.9"];
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between">
        <Text fw={700} id="top-question">{question}</Text>
        <Text size="sm" c="dimmed">{t("workbench.work.automatic", { value: verdictText(t, machine) })}</Text>
      </Group>
      <Group gap="xs" role="group" aria-labelledby="top-question">
        {choices.map((choice, index) => (
          <Button key={String(choice)} size="sm" color={colors[index]} autoContrast variant={value === choice ? "filled" : "default"}
            aria-pressed={value === choice} onClick={() => onChoose(index as 0 | 1 | 2)}>
            {index + 1} · {verdictText(t, choice)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
