/** The top-level links, in a row in the wide header or in a column in the narrow-screen drawer. */
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useQuery } from "urql";
import { MeQuery } from "../../graphql/meQuery";

export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?(): void }) {
  const { t } = useTranslation();
  const size = vertical ? "md" : "sm";
  const [me] = useQuery({ query: MeQuery });
  const role = me.data?.me.role;
  const link = (to: string, label: string, end = false) => (
    <Anchor size={size} component={NavLink} to={to} end={end} onClick={onNavigate}>{label}</Anchor>
  );
  const staticLinks = (
    <>
      {link("/targets", t("nav.targets"))}
      {link("/scenarios", t("nav.scenarios"))}
      {link("/campaigns", t("nav.campaigns"))}
      {link("/logs", t("offline.nav"))}
      {link("/scorecards", t("scorecards.nav"))}
    </>
  );
  // The workbench is for the roles that may review; a REVIEWER key may use nothing else.
  const review = (role === "ADMIN" || role === "OPERATOR" || role === "REVIEWER") && link("/review", t("workbench.nav"));
  if (role === "REVIEWER") {
    return vertical ? <Stack gap="sm">{review}</Stack> : <Group gap="sm" wrap="nowrap">{review}</Group>;
  }
  const rest = (
    <>
      {review}
      <Anchor size={size} href="/graphql" target="_blank" rel="noopener" onClick={onNavigate}>{t("nav.graphiql")}</Anchor>
      {link("/models", t("nav.models"))}
      {link("/settings", t("nav.settings"))}
    </>
  );
  if (vertical) {
    return (
      <Stack gap="sm">
        {link("/", t("nav.home"), true)}
        {link("/evals", t("nav.intelligent"))}
        {link("/monitoring", t("monitoring.nav"))}
        <Stack gap={6} role="group" aria-label={t("nav.static")} pl="sm"
          style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
          <Text size="xs" c="dimmed">{t("nav.static")}</Text>
          {staticLinks}
        </Stack>
        {rest}
      </Stack>
    );
  }
  // Below 1700 px the row needs the room: the static group's visible label gives way to a rule
  // (the group keeps its accessible name; app.css, "nav-static-label").
  return (
    <Group gap="xs" wrap="nowrap">
      {link("/", t("nav.home"), true)}
      {link("/evals", t("nav.intelligent"))}
      {link("/monitoring", t("monitoring.nav"))}
      <Group gap={6} wrap="nowrap" role="group" aria-label={t("nav.static")} pl={6}
        style={{ borderLeft: "1px solid var(--mantine-color-gray-4)" }}>
        <Text size="xs" c="dimmed" className="nav-static-label">{t("nav.static")}:</Text>
        {staticLinks}
      </Group>
      {rest}
    </Group>
  );
}
