/**
 * A wide table scrolls sideways inside its card instead of widening the page: on a 390 px
 * phone the page keeps the screen's width and the table is swiped.
 */
import { Table } from "@mantine/core";
import type { ReactNode } from "react";

export function TableScroll({ children, minWidth = 560 }: { children: ReactNode; minWidth?: number }) {
  return <Table.ScrollContainer minWidth={minWidth} type="native">{children}</Table.ScrollContainer>;
}
