/** A plan: dimensions, virtual users, the time distribution as a timeline, budget. */
import { Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { readFragment, type FragmentOf } from "../../graphql/graphql";
import { PlanFields } from "./queries";
import { placeSlots } from "./timeline";
import { TableScroll } from "../../components/layout/TableScroll";
import { personaName } from "../../components/intelligent/persona";
import { ProvenanceLines } from "../../components/intelligent/ProvenanceLines";


export function PlanView({ plan: planRef, windowHours }: { plan: FragmentOf<typeof PlanFields>; windowHours: number }) {
  const { t } = useTranslation();
  const plan = readFragment(PlanFields, planRef);
  const slots = placeSlots(plan.timeDistribution, windowHours);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={500}>{t("plan.dimensions")}:</Text>
        {plan.dimensions.map((d) => <Badge key={d} variant="light">{d}</Badge>)}
      </Group>
      <Text>
        {t("plan.estimatedSessions")}: <b>{plan.estimatedSessions}</b> · {t("plan.budget")}:{" "}
        {t("plan.budgetValue", { count: plan.budget.maxTurnsPerSession, total: plan.budget.totalMaxTurns })}
      </Text>
      {plan.completionCriteria && <Text>{t("plan.completionCriteria")}: {plan.completionCriteria}</Text>}
      <ProvenanceLines trails={[{ role: "planner", trail: plan.provenance }]} />
      <Title order={4}>{t("plan.timeline")}</Title>
      <div className="timeline-track" role="img"
        aria-label={plan.timeDistribution.map((s) => `${s.timeSlot}: ${s.sessions}`).join(", ")}>
        {slots.map((slot) => (
          <div key={slot.index} className="timeline-slot"
            style={{ left: `${slot.leftPercent}%`, width: `${slot.widthPercent}%` }} title={slot.label}>
            {slot.label} ×{slot.sessions}
          </div>
        ))}
      </div>
      <Text size="xs" c="dimmed">{t("plan.timelineHint", { hours: windowHours })}</Text>
      <Title order={4}>{t("plan.virtualUsers")}</Title>
      <TableScroll>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("plan.persona")}</Table.Th>
            <Table.Th>{t("plan.goal")}</Table.Th>
            <Table.Th>{t("plan.dimension")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.virtualUsers.map((user, i) => (
            <Table.Tr key={i}>
              <Table.Td>{personaName(user.persona)}</Table.Td>
              <Table.Td>{user.goal}</Table.Td>
              <Table.Td>{user.dimension ?? "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </TableScroll>
    </Stack>
  );
}
