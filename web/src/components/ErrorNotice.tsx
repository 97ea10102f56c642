/** The one way a failed call is shown: the API's code and message. */
import { Alert, Code, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../graphql/errors";

export function ErrorNotice({ error, title }: { error: ApiError; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t("error.title")}>
      <Text size="sm">
        <Code>{error.code}</Code> {error.message}
      </Text>
      {error.code === "UNAUTHENTICATED" && (
        <Text size="sm" mt="xs">{t("key.howToGet")} <Code>agenteval keys create --name me --role OPERATOR</Code></Text>
      )}
      {error.code === "FORBIDDEN" && <Text size="sm" mt="xs">{t("error.forbidden")}</Text>}
    </Alert>
  );
}
