/** The report's Method section: per role, the model or the script that produced the work, and why. */
import { Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProvenanceLines } from "../../components/intelligent/ProvenanceLines";
import { methodTrails, readTrail } from "../../components/intelligent/provenance";

export function MethodSection({ plan, verdicts, report }: { plan: unknown; verdicts: readonly unknown[]; report: unknown }) {
  const { t } = useTranslation();
  const trails = methodTrails(plan, verdicts, report);
  if (!trails.some((r) => readTrail(r.trail))) return null; // an agent that records none
  return (
    <Paper withBorder p="md" component="section" aria-label={t("provenance.method")}>
      <Title order={3}>{t("provenance.method")}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t("provenance.methodHint")}</Text>
      <ProvenanceLines trails={trails} title={t("provenance.title")} />
    </Paper>
  );
}
