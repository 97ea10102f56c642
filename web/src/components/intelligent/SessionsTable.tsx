/** An eval's sessions, one row each, linking to the session page; the report adds columns. */
import { Anchor, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusBadge } from "../status/StatusBadge";
import { personaName } from "./persona";
import { TableScroll } from "../layout/TableScroll";

interface SessionRow {
  id: string;
  persona: unknown;
  goal: string;
  dimension?: string | null;
  status: string;
  turnCount: number;
}

interface Props<Row extends SessionRow> {
  evalId: string;
  sessions: readonly Row[];
  extraHeaders?: readonly string[];
  extraCells?: (session: Row) => readonly ReactNode[];
}

export function SessionsTable<Row extends SessionRow>({ evalId, sessions, extraHeaders = [], extraCells }: Props<Row>) {
  const { t } = useTranslation();
  return (
    // On a phone each session is a block of labelled lines (app.css .stack-on-phone), not a table to swipe.
    <TableScroll minWidth={0} label={t("plan.sessionsTable")}>
    <Table className="stack-on-phone">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("plan.persona")}</Table.Th>
          <Table.Th>{t("plan.goal")}</Table.Th>
          <Table.Th>{t("plan.dimension")}</Table.Th>
          <Table.Th>{t("list.status")}</Table.Th>
          <Table.Th>{t("session.turns")}</Table.Th>
          {extraHeaders.map((header) => <Table.Th key={header}>{header}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((session) => (
          <Table.Tr key={session.id}>
            <Table.Td data-label={t("plan.persona")}><Anchor component={Link} to={`/evals/${evalId}/sessions/${session.id}`}>{personaName(session.persona)}</Anchor></Table.Td>
            <Table.Td data-label={t("plan.goal")}>{session.goal}</Table.Td>
            <Table.Td data-label={t("plan.dimension")}>{session.dimension ?? "—"}</Table.Td>
            <Table.Td data-label={t("list.status")}><StatusBadge status={session.status} /></Table.Td>
            <Table.Td data-label={t("session.turns")}>{session.turnCount}</Table.Td>
            {extraCells?.(session).map((cell, index) => <Table.Td key={extraHeaders[index] ?? index} data-label={extraHeaders[index]}>{cell}</Table.Td>)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
    </TableScroll>
  );
}
