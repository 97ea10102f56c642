/**
 * The frame every list page shares, so each page only says what is its own (title, actions,
 * filters, columns, a row): the title and its actions, the search/order/size toolbar, then
 * exactly one of the failed query (with "Try again"), loading, the empty state and the table,
 * and the pager.
 *
 * The rows of the last answer stay on screen while a refetch fails (`useLastData`), so the
 * error shows above the table instead of replacing it.
 */
import { Group, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CombinedError } from "urql";
import { apiErrorFromCombined } from "../../graphql/errors";
import { ErrorNotice } from "../ErrorNotice";
import { TableScroll } from "../layout/TableScroll";
import { Loading } from "../Loading";
import { ListPager } from "./ListPager";
import { ListToolbar } from "./ListToolbar";
import type { ListControls } from "./useListControls";

export interface ListConnection<Row> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  edges: readonly { node: Row }[];
}

export interface ListPageProps<Row> {
  /** The page's heading and its table's accessible name. */
  title: string;
  /** Beside the title: the page's "create" or "import" action. */
  actions?: ReactNode;
  /** Between the title and the toolbar: a hint, an import's problems. */
  intro?: ReactNode;
  controls: ListControls;
  /** The page's own filters, shown between the search box and the order. */
  filters?: ReactNode;
  /** The list query's state (urql's `useQuery` result). */
  query: { fetching: boolean; error?: CombinedError };
  /** The last answer's connection, kept while a refetch fails. */
  connection: ListConnection<Row> | undefined;
  /** Asks the server again after a failure. */
  onRetry(): void;
  /** What to do next when there is nothing yet (no search or filter): names the page's action. */
  empty: string;
  /** When a search or filter hides every row; the shared wording unless the page has its own. */
  noMatch?: string;
  /** The page's wording of the count, e.g. "12 targets". */
  total(count: number): string;
  /** The table's header cells. */
  head: ReactNode;
  /** One row (a `Table.Tr` with its key). */
  row(row: Row): ReactNode;
  /** Rows that open something on click show it on hover. */
  highlightOnHover?: boolean;
  /** After the pager: a form for a new one. */
  footer?: ReactNode;
}

export function ListPage<Row>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { title, controls, query, connection } = props;
  const rows = connection?.edges.map((edge) => edge.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {props.actions}
      </Group>
      {props.intro}
      <ListToolbar controls={controls}>{props.filters}</ListToolbar>
      {query.error && <ErrorNotice error={apiErrorFromCombined(query.error)} onRetry={props.onRetry} />}
      {!connection && query.fetching && <Loading />}
      {connection && rows.length === 0 && <Text>{controls.narrowed ? (props.noMatch ?? t("lists.noMatch")) : props.empty}</Text>}
      {rows.length > 0 && (
        <TableScroll>
          <Table striped highlightOnHover={props.highlightOnHover} aria-label={title}>
            <Table.Thead><Table.Tr>{props.head}</Table.Tr></Table.Thead>
            <Table.Tbody>{rows.map(props.row)}</Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {connection && <ListPager controls={controls} connection={connection} total={props.total(connection.totalCount)} />}
      {props.footer}
    </Stack>
  );
}
