import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Marks a run that judged logged conversations: its replies are the logged ones, nothing was sent. */
export function OfflineBadge({ offline }: { offline: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (!offline) return null;
  return (
    <Badge className="offline-badge" color="grape" variant="outline" tt="none" title={t("offline.badgeHint")}>
      {t("offline.badge")}
    </Badge>
  );
}
