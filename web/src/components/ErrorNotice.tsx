/** The one way a failed call is shown: what went wrong in the UI's language, then the API's code and message. */
import { Alert, Button, Code, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../graphql/errors";
import { errorHeadline, type Translate } from "../graphql/errorText";

/** `onRetry` offers "Try again" where asking once more may help (a list whose query failed). */
export function ErrorNotice({ error, title, onRetry }: { error: ApiError; title?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t("error.title")}>
      <Text size="sm" fw={500}>{errorHeadline(error, t as unknown as Translate)}</Text>
      <Text size="xs" mt={4}>
        <Code>{error.code}</Code> {error.message && <span lang="en">{t("apiErrors.serverSaid")}: {error.message}</span>}
      </Text>
      {error.code === "INTERNAL" && error.errorId && (
        <Text size="sm" mt="xs">{t("apiErrors.errorId", { id: error.errorId })}</Text>
      )}
      {error.code === "UNAUTHENTICATED" && (
        <Text size="sm" mt="xs">{t("key.howToGet")} <Code>agenteval keys create --name me --role OPERATOR</Code></Text>
      )}
      {error.code === "FORBIDDEN" && <Text size="sm" mt="xs">{t("error.forbidden")}</Text>}
      {onRetry && <Button size="xs" variant="default" mt="xs" onClick={onRetry}>{t("lists.retry")}</Button>}
    </Alert>
  );
}
