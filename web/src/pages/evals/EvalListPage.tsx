/** P1 列表页: intelligent evals with filters and paging; re-read when an eval starts, changes state or ends
 * (one activity subscription), and on an interval only while one on the page executes (its progress moves).
 * ADMIN deletes finished ones. */
import { Button, Select, Table } from "@mantine/core";
import { memo, useCallback, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { StatusPill } from "../../components/status/StatusBadge";
import { TERMINAL_STATUSES } from "../../components/status/terminal";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { useLastData } from "../../graphql/useLastData";
import {
  DeleteEvalFromListMutation, EVAL_STATUSES, EvalListDetailsQuery, EvalListQuery, TargetOptionsQuery, type EvalStatus,
} from "./queries";
import { ListPage } from "../../components/lists/ListPage";
import { useListControls, useUrlFilter } from "../../components/lists/useListControls";
import { targetPickerOptions } from "../../components/lists/targetPicker";
import { useRefreshWhileOpen } from "../../components/lists/useRefreshWhileOpen";
import { useLiveActivity } from "../../graphql/useLiveActivity";

const REFRESH_MS = 10_000;

interface RowProps {
  row: { id: string; name: string; status: string; createdAt: string };
  details?: { target: { name: string }; progress: { sessionsPlanned: number; sessionsClosed: number } };
  locale: string;
  /** The status in the page's language (a hook per row would be 200 of them). */
  statusLabel(status: string): string;
  onOpen(id: string): void;
  /** Set for ADMIN keys: deletes a finished eval. */
  onDelete?: (id: string) => Promise<ApiError | null>;
}

/** A click without a modifier key or another button: the app navigates; any other click is the browser's (a new tab). */
function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One eval; memoised so a refresh re-renders only the rows that changed. The row, its cells and
 * its link are plain elements (styled like Mantine's in app.css): with 200 rows, a Mantine
 * component per cell was most of the time from the data's arrival to the last row. A plain
 * click anywhere on the row, the link included, opens the eval in the app.
 */
const EvalRow = memo(function EvalRow({ row, details, locale, statusLabel, onOpen, onDelete }: RowProps) {
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onOpen(row.id);
  };
  return (
    <tr className="list-row" onClick={open}>
      <td className="list-cell"><a className="list-link" href={`/evals/${row.id}`}>{row.name}</a></td>
      <td className="list-cell">{details ? details.target.name : "…"}</td>
      <td className="list-cell"><StatusPill status={row.status} label={statusLabel(row.status)} /></td>
      <td className="list-cell">{formatTime(row.createdAt, locale)}</td>
      <td className="list-cell">{details ? `${details.progress.sessionsClosed} / ${details.progress.sessionsPlanned}` : "…"}</td>
      {onDelete && <DeleteCell row={row} onDelete={onDelete} />}
    </tr>
  );
});

function DeleteCell({ row, onDelete }: { row: RowProps["row"]; onDelete: NonNullable<RowProps["onDelete"]> }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function EvalListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const openEval = useCallback((id: string) => navigate(`/evals/${id}`), [navigate]);
  const statusLabel = useCallback((value: string) => t(`status.${value}`, { defaultValue: value }), [t]);
  const [statusParam, setStatus] = useUrlFilter("status");
  const status = EVAL_STATUSES.includes(statusParam as EvalStatus) ? statusParam as EvalStatus : null;
  const [targetId, setTargetId] = useUrlFilter("target");
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

  useLiveActivity(refresh, { evals: true });

  const data = useLastData(result.data);
  const connection = data?.intelligentEvals;
  // Sessions close without the eval changing state: the progress column is re-read while one executes.
  const executing = connection?.edges.some((edge) => edge.node.status === "EXECUTING") ?? false;
  useRefreshWhileOpen(refresh, executing ? REFRESH_MS : null);
  const detailData = useLastData(details.data);
  const detailsById = new Map(detailData?.intelligentEvals.edges.map((edge) => [edge.node.id, edge.node]) ?? []);

  return (
    <ListPage title={t("list.title")} controls={controls} query={result} connection={connection} onRetry={refresh}
      actions={<Button component={Link} to="/evals/new">{t("list.new")}</Button>}
      filters={<>
        <Select label={t("list.filterStatus")} placeholder={t("list.any")} clearable value={status} w={200} maw="100%"
          data={EVAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(value) => setStatus(value)} />
        <Select label={t("list.filterTarget")} placeholder={t("list.any")} clearable value={targetId} w={200} maw="100%"
          data={targetPickerOptions(targets.data?.targets.edges.map((e) => e.node) ?? [], t, i18n.language)}
          onChange={(value) => setTargetId(value)} />
      </>}
      empty={t("list.empty")} noMatch={t("list.emptyFiltered")} total={(count) => t("list.total", { count })}
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
          statusLabel={statusLabel} onOpen={openEval} onDelete={isAdmin ? deleteEval : undefined} />
      )} />
  );
}
