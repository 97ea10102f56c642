/**
 * Navigation, who is signed in, language switch; asks for a key until `me` answers.
 * From 1200 px (Mantine's `lg`) everything sits in the header; below it the header keeps the
 * title and a burger that opens a drawer with the links, the language switch and Forget key.
 */
import { Anchor, AppShell, Badge, Burger, Button, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { NewBuildNotice } from "../../components/errors/NewBuildNotice";
import { useApi } from "../../graphql/ApiProvider";
import { apiErrorFromCombined } from "../../graphql/errors";
import { LanguageSwitch } from "../../components/language/LanguageSwitch";
import { KeyForm } from "./KeyForm";
import { MeQuery } from "../../graphql/meQuery";
import { NavLinks } from "./NavLinks";
import { SearchBox } from "../../components/search/SearchBox";
import { SearchIcon } from "../../components/search/SearchIcon";

export function Shell() {
  const { t } = useTranslation();
  const { apiKey, clearApiKey } = useApi();
  const [drawerOpen, drawer] = useDisclosure(false);
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

  const language = <LanguageSwitch size="xs" />;
  // Only a key the server accepted can be forgotten: after a refused key the form asks for another.
  const signOut = signedIn && (
    <Button size="xs" variant="subtle" onClick={() => { drawer.close(); clearApiKey(); }}>{t("key.signOut")}</Button>
  );
  // In the header between 1200 and 1699 px the row needs the room: the button is its icon, named
  // and titled by its words (app.css, "shell-forget").
  const headerSignOut = signedIn && (
    <Button size="xs" variant="subtle" className="shell-forget" aria-label={t("key.signOut")} title={t("key.signOut")}
      onClick={() => { drawer.close(); clearApiKey(); }}>
      <span className="shell-forget-word">{t("key.signOut")}</span><SignOutIcon />
    </Button>
  );

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <a href="#main" className="skip-link" onClick={(e) => { e.preventDefault(); document.getElementById("main")?.focus(); }}>
        {t("shell.skipToContent")}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" className="shell-start">
            <Title order={1} size="h3" className="shell-title">AgentEval</Title>
            <nav aria-label={t("nav.label")} className="shell-wide-nav">
              <NavLinks />
            </nav>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* Search: a box where the header has room, else a link to the search page. */}
            <div className="shell-search-box"><SearchBox /></div>
            <Anchor className="shell-search-link" size="sm" fw={500} component={Link} to="/search"
              aria-label={t("search.open")} title={t("search.open")} style={{ display: "inline-flex", marginInline: -6 }}>
              <SearchIcon /><span className="shell-search-word">{t("search.open")}</span>
            </Anchor>
            {signedIn && identity && (
              // Below 1700 px the nav needs the room: the key's name moves into the badge's title.
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="xs" maw={220} truncate="end" className="shell-key-name">{identity.name}</Text>
                <Badge variant="outline" size="sm" title={identity.name} style={{ flexShrink: 0 }}>{identity.role}</Badge>
              </Group>
            )}
            <Group gap="sm" wrap="nowrap" visibleFrom="lg">
              {language}
              {headerSignOut}
            </Group>
            <Burger hiddenFrom="lg" opened={drawerOpen} onClick={drawer.toggle} size="sm"
              aria-label={drawerOpen ? t("shell.closeNav") : t("shell.openNav")} aria-expanded={drawerOpen} />
          </Group>
        </Group>
      </AppShell.Header>
      <Drawer opened={drawerOpen} onClose={drawer.close} position="right" size={300}
        title={<Text fw={700}>AgentEval</Text>} closeButtonProps={{ "aria-label": t("shell.closeNav") }}>
        <Stack gap="lg">
          {signedIn && identity && (
            <Text size="sm" style={{ wordBreak: "break-word" }}>{t("shell.signedInAs", identity)}</Text>
          )}
          <SearchBox width="100%" onSearch={drawer.close} />
          <nav aria-label={t("nav.label")}>
            <NavLinks vertical onNavigate={drawer.close} />
          </nav>
          {language}
          {signOut}
        </Stack>
      </Drawer>
      {/* AppShell.Main is the page's one <main> landmark. */}
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: "none" }}>{body}</AppShell.Main>
      <NewBuildNotice />
    </AppShell>
  );
}

/** A door with an arrow leaving it (inline SVG: the UI ships no icon font). */
function SignOutIcon() {
  return (
    <svg className="shell-forget-icon" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor"
      strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M10 4H5v16h5" />
      <path d="M14 8l4 4-4 4M18 12H9" />
    </svg>
  );
}
