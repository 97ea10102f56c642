import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLOURS: Record<string, string> = {
  DRAFT: "gray", PLANNING: "cyan", PENDING_APPROVAL: "yellow", EXECUTING: "blue",
  COMPLETED: "green", CANCELLED: "gray", FAILED: "red", RUNNING: "blue", EXPIRED: "orange", QUEUED: "yellow",
};

/** An eval's or session's status, coloured, in the page's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge className="status-badge" color={COLOURS[status] ?? "gray"} variant="light" autoContrast>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
