/** How many the list holds and the way to the previous and next page. */
import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ListControls } from "./useListControls";

interface Connection { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor?: string | null } }

/** `total` is the page's own wording of the count, e.g. "12 targets". */
export function ListPager({ controls, connection, total }: { controls: ListControls; connection: Connection; total?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">{total ?? t("lists.total", { count: connection.totalCount })}</Text>
      <Group>
        <Button variant="default" disabled={!controls.page.previous.length} onClick={controls.previous}>{t("list.previous")}</Button>
        <Button variant="default" disabled={!connection.pageInfo.hasNextPage}
          onClick={() => controls.next(connection.pageInfo.endCursor ?? null)}>{t("list.next")}</Button>
      </Group>
    </Group>
  );
}
