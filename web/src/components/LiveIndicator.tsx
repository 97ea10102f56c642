import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StreamState } from "../graphql/resume";

/** Whether the page is receiving live updates or catching up after a drop. */
export function LiveIndicator({ state }: { state: StreamState }) {
  const { t } = useTranslation();
  const colour = state === "live" ? "green" : state === "failed" ? "red" : "orange";
  return (
    <Badge color={colour} variant="dot" role="status" aria-live="polite">
      {t(`live.${state}`)}
    </Badge>
  );
}
