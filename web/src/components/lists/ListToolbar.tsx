/** A list's search box, order and page size, with the page's own filters between them. */
import { Group, Select, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "./paging";
import { LIST_ORDERS, type ListControls, type ListOrder } from "./useListControls";

/** `searchLabel` names the search box where a page has several lists, or the search is not by name. */
export function ListToolbar({ controls, children, searchLabel }: { controls: ListControls; children?: ReactNode; searchLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Group align="end" gap="sm">
      <TextInput type="search" label={searchLabel ?? t("lists.search")} placeholder={t("lists.searchHint")} value={controls.searchText}
        onChange={(e) => controls.setSearchText(e.currentTarget.value)} w={240} maw="100%" />
      {children}
      <Select label={t("lists.sort")} value={controls.order} allowDeselect={false} w={180} maw="100%"
        data={LIST_ORDERS.map((order) => ({ value: order, label: t(`lists.order.${order}`) }))}
        onChange={(value) => controls.setOrder((value ?? controls.order) as ListOrder)} />
      <Select label={t("list.pageSize")} value={String(controls.size)} allowDeselect={false} w={110}
        data={PAGE_SIZES.map((n) => String(n))} onChange={(value) => controls.setSize(Number(value ?? PAGE_SIZES[0]))} />
    </Group>
  );
}
