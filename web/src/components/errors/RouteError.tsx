/**
 * The app's own error page for a route that failed to render or load (instead of React
 * Router's developer screen): what happened in the user's language, a retry, the way home,
 * and — when the failure was a page chunk of an older build — a reload into the new one.
 */
import { Alert, Anchor, Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useNavigate, useLocation, useRouteError } from "react-router";
import { isChunkLoadError, newBuildDeployed, runningEntry } from "./appBuild";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunk = isChunkLoadError(error);
  const [newBuild, setNewBuild] = useState(false);
  useEffect(() => {
    if (chunk) void newBuildDeployed(runningEntry(document)).then(setNewBuild);
  }, [chunk]);
  // A lazy page whose chunk failed stays failed in this page's memory: only a reload retries it.
  const retry = () => (chunk ? window.location.reload() : navigate(location, { replace: true }));

  return (
    <Paper withBorder p="lg" maw={720} mx="auto" mt="md" role="alert" aria-labelledby="route-error-title">
      <Stack>
        <Title order={2} id="route-error-title">{t("boundary.title")}</Title>
        <Text>{chunk ? t("boundary.chunk") : t("boundary.other")}</Text>
        {newBuild && <Alert color="blue" title={t("boundary.newBuild")}>{t("boundary.newBuildAction")}</Alert>}
        <Group>
          <Button onClick={retry}>{newBuild ? t("boundary.reload") : t("boundary.retry")}</Button>
          <Anchor component={Link} to="/">{t("boundary.home")}</Anchor>
        </Group>
        <details>
          <summary><Text span size="sm">{t("boundary.details")}</Text></summary>
          <Code block>{describe(error)}</Code>
        </details>
      </Stack>
    </Paper>
  );
}
