import { Badge } from "@mantine/core";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";

const COLOURS: Record<string, string> = {
  DRAFT: "gray", PLANNING: "cyan", PENDING_APPROVAL: "yellow", EXECUTING: "blue",
  COMPLETED: "green", CANCELLED: "gray", FAILED: "red", RUNNING: "blue", EXPIRED: "orange", QUEUED: "yellow",
};

/**
 * An eval's or session's status, coloured, in the page's language.
 *
 * It is the markup Mantine's light `Badge` renders (its classes and colour variables), without
 * the component: the eval list shows 200 of them, and the component's styles machinery was a
 * fifth of that page's script time (bench/web_budget.mjs).
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <StatusPill status={status} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** The badge with its words given: for long lists, which translate once for all their rows. */
export function StatusPill({ status, label }: { status: string; label: string }) {
  const colour = COLOURS[status] ?? "gray";
  const style = {
    "--badge-bg": `var(--mantine-color-${colour}-light)`,
    "--badge-color": `var(--mantine-color-${colour}-light-color)`,
  } as CSSProperties;
  return (
    <div className={`status-badge ${Badge.classes.root} mantine-Badge-root`} data-variant="light" style={style}>
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{label}</span>
    </div>
  );
}
