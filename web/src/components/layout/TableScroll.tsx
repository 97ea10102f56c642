/**
 * A wide table scrolls sideways inside its card instead of widening the page: on a 390 px
 * phone the page keeps the screen's width and the table is swiped. The scroll box is focusable
 * and named, so a keyboard can scroll it too.
 */
import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function TableScroll({ children, minWidth = 560, label }: { children: ReactNode; minWidth?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label ?? t("layout.scrollTable")}>
      {children}
    </Table.ScrollContainer>
  );
}
