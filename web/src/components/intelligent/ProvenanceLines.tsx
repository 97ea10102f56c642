/** Per role, model or script and why, in the UI's language (the Markdown Method section's words). */
import { List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { readTrail, reasonKey, trailKind, type Trail } from "./provenance";

export type ProvenanceRole = "planner" | "simulator" | "analystVerdicts" | "analystReport";

export interface RoleTrail { role: ProvenanceRole; trail: unknown }

function TrailLine({ role, trail }: { role: ProvenanceRole; trail: Trail }) {
  const { t } = useTranslation();
  const key = reasonKey(trail.reason);
  const reason = key ? t(key) : trail.reason ?? t("provenance.reasons.unknown");
  const total = trail.calls.model + trail.calls.script;
  const kind = trailKind(trail);
  const line = t(`provenance.line.${kind}`, { role: t(`provenance.roles.${role}`), model: trail.model ?? "",
    scripted: t(`provenance.scripted.${role}`),
    reason, byModel: trail.calls.model, byScript: trail.calls.script, total });
  return (
    <List.Item>
      <Text size="sm" span>{line}</Text>
      {trail.detail && kind !== "model" && kind !== "none" && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>{t("provenance.detail", { detail: trail.detail })}</Text>
      )}
    </List.Item>
  );
}

/** Nothing when no role has a trail (an agent that sends none, or older work). */
export function ProvenanceLines({ trails, title }: { trails: RoleTrail[]; title?: string }) {
  const { t } = useTranslation();
  const present = trails.map((r) => ({ role: r.role, trail: readTrail(r.trail) })).filter((r) => r.trail !== null);
  if (present.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={title ?? t("provenance.title")}>
      <Text size="sm" fw={700}>{title ?? t("provenance.title")}</Text>
      <List spacing={2}>
        {present.map((r) => <TrailLine key={r.role} role={r.role} trail={r.trail as Trail} />)}
      </List>
    </Stack>
  );
}
