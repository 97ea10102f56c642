/** P1 列表页: intelligent evals with filters and paging; refreshed on an interval and on focus. ADMIN deletes finished ones. */
import { Button, Select, Table } from "@mantine/core";
import { memo, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { StatusBadge } from "../../components/status/StatusBadge";
import { TERMINAL_STATUSES } from "../../components/status/terminal";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { useLastData } from "../../graphql/useLastData";
import {
  DeleteEvalFromListMutation, EVAL_STATUSES, EvalListDetailsQuery, EvalListQuery, TargetOptionsQuery, type EvalStatus,
} from "./queries";
import { ListPage } from "../../components/lists/ListPage";
import { useListControls } from "../../components/lists/useListControls";
import { targetPickerOptions } from "../../components/lists/targetPicker";

const REFRESH_MS = 10_000;

interface RowProps {
  row: { id: string; name: string; status: string; createdAt: string };
  details?: { target: { name: string }; progress: { sessionsPlanned: number; sessionsClosed: number } };
  locale: string;
  onOpen(id: string): void;
  /** Set for ADMIN keys: deletes a finished eval. */
  onDelete?: (id: string) => Promise<ApiError | null>;
}

/**
 * One eval; memoised so a refresh re-renders only the rows that changed. Its cells are plain
 * `td`s and its link a plain router Link (styled like Mantine's in app.css): with 200 rows,
 * a Mantine component per cell was most of the time from the data's arrival to the last row.
 */
const EvalRow = memo(function EvalRow({ row, details, locale, onOpen, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr style={{ cursor: "pointer" }} onClick={() => onOpen(row.id)}>
      <td className="list-cell"><Link className="list-link" to={`/evals/${row.id}`}>{row.name}</Link></td>
      <td className="list-cell">{details ? details.target.name : "…"}</td>
      <td className="list-cell"><StatusBadge status={row.status} /></td>
      <td className="list-cell">{formatTime(row.createdAt, locale)}</td>
      <td className="list-cell">{details ? `${details.progress.sessionsClosed} / ${details.progress.sessionsPlanned}` : "…"}</td>
      {onDelete && (
        <td className="list-cell">
          {/* React events bubble out of the modal's portal: keep its clicks from opening the row. */}
          <div onClick={(event) => event.stopPropagation()}>
            {/* deleteIntelligentEval accepts only the terminal states (in any other it answers CONFLICT). */}
            {TERMINAL_STATUSES.has(row.status) && (
              <ConfirmDelete size="xs" label={t("ops.delete.evalLabel", { name: row.name })}
                title={t("ops.delete.evalTitle", { name: row.name })} consequence={t("ops.delete.evalConsequence")}
                onConfirm={() => onDelete(row.id)} />
            )}
          </div>
        </td>
      )}
    </Table.Tr>
  );
});

export function EvalListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const openEval = useCallback((id: string) => navigate(`/evals/${id}`), [navigate]);
  const [status, setStatus] = useState<EvalStatus | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const controls = useListControls("NEWEST_FIRST", status !== null || targetId !== null);
  const variables = { ...controls.variables, status, targetId };
  const [result, refetch] = useQuery({ query: EvalListQuery, variables });
  // The slower queries wait for the rows: the server answers one request at a time faster.
  const rowsHere = result.data !== undefined;
  const [details, refetchDetails] = useQuery({ query: EvalListDetailsQuery, variables, pause: !rowsHere });
  const [targets] = useQuery({ query: TargetOptionsQuery, pause: !rowsHere });
  const refresh = useCallback(() => {
    refetch({ requestPolicy: "network-only" });
    refetchDetails({ requestPolicy: "network-only" });
  }, [refetch, refetchDetails]);
  const isAdmin = useIsAdmin();
  const [, runDelete] = useMutation(DeleteEvalFromListMutation);
  const deleteEval = useCallback(async (id: string): Promise<ApiError | null> => {
    const answer = await runDelete({ id });
    if (answer.error) return apiErrorFromCombined(answer.error);
    refresh();
    return null;
  }, [runDelete, refresh]);

  useEffect(() => {
    const timer = window.setInterval(refresh, REFRESH_MS);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [refresh]);

  const data = useLastData(result.data);
  const connection = data?.intelligentEvals;
  const detailData = useLastData(details.data);
  const detailsById = new Map(detailData?.intelligentEvals.edges.map((edge) => [edge.node.id, edge.node]) ?? []);

  return (
    <ListPage title={t("list.title")} controls={controls} query={result} connection={connection} onRetry={refresh}
      actions={<Button component={Link} to="/evals/new">{t("list.new")}</Button>}
      filters={<>
        <Select label={t("list.filterStatus")} placeholder={t("list.any")} clearable value={status} w={200} maw="100%"
          data={EVAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(value) => { setStatus(value as EvalStatus | null); controls.restart(); }} />
        <Select label={t("list.filterTarget")} placeholder={t("list.any")} clearable value={targetId} w={200} maw="100%"
          data={targetPickerOptions(targets.data?.targets.edges.map((e) => e.node) ?? [], t, i18n.language)}
          onChange={(value) => { setTargetId(value); controls.restart(); }} />
      </>}
      empty={t("list.empty")} noMatch={t("list.emptyFiltered")} total={(count) => t("list.total", { count })}
      highlightOnHover
      head={<>
        <Table.Th>{t("list.name")}</Table.Th>
        <Table.Th>{t("list.target")}</Table.Th>
        <Table.Th>{t("list.status")}</Table.Th>
        <Table.Th>{t("list.created")}</Table.Th>
        <Table.Th>{t("list.progress")}</Table.Th>
        {isAdmin && <Table.Th><span className="visually-hidden">{t("ops.webhooks.actions")}</span></Table.Th>}
      </>}
      row={(row) => (
        <EvalRow key={row.id} row={row} details={detailsById.get(row.id)} locale={i18n.language}
          onOpen={openEval} onDelete={isAdmin ? deleteEval : undefined} />
      )} />
  );
}
