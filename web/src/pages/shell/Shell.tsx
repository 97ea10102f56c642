/** Navigation, who is signed in, language switch; asks for a key until `me` answers. */
import { AppShell, Anchor, Badge, Button, Group, SegmentedControl, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useApi } from "../../graphql/ApiProvider";
import { apiErrorFromCombined } from "../../graphql/errors";
import { setLanguage, type Language } from "../../i18n";
import { KeyForm } from "./KeyForm";
import { MeQuery } from "./meQuery";

export function Shell() {
  const { t, i18n } = useTranslation();
  const { apiKey, clearApiKey } = useApi();
  const [me] = useQuery({ query: MeQuery, pause: !apiKey, requestPolicy: "network-only" });
  const error = me.error ? apiErrorFromCombined(me.error) : null;
  // Once `me` answered for this key, a later network failure (a server restart) must not
  // take the page away: the pages show their own reconnecting state.
  const [identity, setIdentity] = useState<{ key: string; name: string; role: string } | null>(null);
  if (me.data && apiKey && (identity?.key !== apiKey || identity.name !== me.data.me.name)) {
    setIdentity({ key: apiKey, name: me.data.me.name, role: me.data.me.role });
  }
  const signedIn = !!apiKey && identity?.key === apiKey;

  let body;
  if (!apiKey) body = <KeyForm />;
  else if (error?.code === "UNAUTHENTICATED") body = <KeyForm error={error} />;
  else if (signedIn) body = <Outlet />;
  else if (error) body = <ErrorNotice error={error} />;
  else body = <Outlet />; // `me` is on its way; the page's own queries start meanwhile

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Title order={1} size="h3">AgentEval</Title>
            <nav aria-label={t("nav.label")} style={{ whiteSpace: "nowrap", fontSize: "var(--mantine-font-size-sm)" }}>
              <Group gap="sm" wrap="nowrap">
                <Anchor size="sm" component={NavLink} to="/" end>{t("nav.home")}</Anchor>
                <Anchor size="sm" component={NavLink} to="/evals">{t("nav.intelligent")}</Anchor>
                <Group gap={6} wrap="nowrap" role="group" aria-label={t("nav.static")}>
                  <Text size="xs" c="dimmed">{t("nav.static")}:</Text>
                  <Anchor size="sm" component={NavLink} to="/targets">{t("nav.targets")}</Anchor>
                  <Anchor size="sm" component={NavLink} to="/scenarios">{t("nav.scenarios")}</Anchor>
                  <Anchor size="sm" component={NavLink} to="/campaigns">{t("nav.campaigns")}</Anchor>
                </Group>
                <Anchor size="sm" href="/graphql" target="_blank" rel="noopener">{t("nav.graphiql")}</Anchor>
                <Anchor size="sm" component={NavLink} to="/settings">{t("nav.settings")}</Anchor>
              </Group>
            </nav>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {signedIn && identity && (
              // Below 1408 px the nav needs the room: the key's name moves into the badge's title.
              <Group gap={4} wrap="nowrap">
                <Text size="xs" maw={220} truncate="end" visibleFrom="xl">{identity.name}</Text>
                <Badge variant="outline" size="sm" title={identity.name}>{identity.role}</Badge>
              </Group>
            )}
            <SegmentedControl size="xs" aria-label={t("nav.language")}
              value={i18n.language.startsWith("zh") ? "zh" : "en"}
              onChange={(value) => setLanguage(value as Language)}
              data={[{ value: "en", label: "English" }, { value: "zh", label: "中文" }]} />
            {apiKey && <Button size="xs" variant="subtle" onClick={clearApiKey}>{t("key.signOut")}</Button>}
          </Group>
        </Group>
      </AppShell.Header>
      {/* AppShell.Main is the page's one <main> landmark. */}
      <AppShell.Main>{body}</AppShell.Main>
    </AppShell>
  );
}
