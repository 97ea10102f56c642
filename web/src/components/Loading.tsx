import { Group, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function Loading() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t("common.loading")}</Text>
    </Group>
  );
}
