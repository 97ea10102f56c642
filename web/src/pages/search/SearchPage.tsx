/** Search (搜索): conversations whose messages hold every word typed, best first, each opening where it was said. */
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { SnippetText } from "../../components/search/SnippetText";
import { apiErrorFromCombined } from "../../graphql/errors";
import { hitLink, kindsOf, type SearchKindName } from "./links";
import { SearchQuery } from "./queries";

const PAGE = 20;
const KINDS: readonly SearchKindName[] = ["RUN", "SESSION", "MONITORED", "IMPORTED"];

export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const kind = params.get("kind") ?? "ALL";
  const [text, setText] = useState(query);
  const [shownFor, setShownFor] = useState(query);
  // Cursors of the pages before this one; reset when the words or the kind change.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageKey = `${query}\u0000${kind}`;
  const [cursorKey, setCursorKey] = useState(pageKey);
  if (cursorKey !== pageKey) { setCursorKey(pageKey); setCursors([null]); }
  if (shownFor !== query) { setShownFor(query); setText(query); }
  const after = cursors[cursors.length - 1];
  const [result] = useQuery({
    query: SearchQuery, pause: !query.trim(),
    variables: { query, kinds: kindsOf(kind), first: PAGE, after },
  });

  const update = (changes: Record<string, string | null>) => setParams((current) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value); else next.delete(key);
    }
    return next;
  });

  const connection = result.data?.search;
  let body;
  if (!query.trim()) body = <Text c="dimmed">{t("search.intro")}</Text>;
  else if (result.error) body = <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  else if (!connection) body = <Loading />;
  else if (connection.totalCount === 0) body = <Text>{t("search.none", { query })}</Text>;
  else body = (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">{t("search.total", { count: connection.totalCount })}</Text>
      <Stack component="ol" gap="sm" aria-label={t("search.results")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {connection.edges.map(({ node }) => (
          <Card component="li" key={`${node.kind}:${node.conversationId}`} withBorder padding="sm">
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Anchor component={Link} to={hitLink(node)} fw={600} style={{ wordBreak: "break-word" }}>
                {node.title ?? t("search.untitled")}
              </Anchor>
              <Badge variant="light">{t(`search.kind.${node.kind}`)}</Badge>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {node.kind === "MONITORED" // no dialog turn for a monitored message (links.ts)
                ? t("search.whereMessage", { role: t(`search.role.${node.role === "user" ? "user" : "bot"}`) })
                : t("search.where", { turn: node.turnIndex + 1, role: t(`search.role.${node.role === "user" ? "user" : "bot"}`) })}
              {node.matches > 1 && ` · ${t("search.matches", { count: node.matches })}`}
            </Text>
            <SnippetText fragments={node.snippet} />
          </Card>
        ))}
      </Stack>
      <Group>
        <Button variant="default" size="xs" disabled={cursors.length < 2}
          onClick={() => setCursors(cursors.slice(0, -1))}>{t("search.previous")}</Button>
        <Button variant="default" size="xs" disabled={!connection.pageInfo.hasNextPage}
          onClick={() => setCursors([...cursors, connection.pageInfo.endCursor ?? null])}>{t("search.next")}</Button>
      </Group>
    </Stack>
  );

  return (
    <Stack>
      <Title order={2}>{t("search.title")}</Title>
      <form role="search" aria-label={t("search.label")} onSubmit={(event) => {
        event.preventDefault();
        update({ q: text.trim() || null });
      }}>
        <Group align="end" wrap="wrap">
          <TextInput label={t("search.label")} type="search" value={text} autoFocus maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)} placeholder={t("search.placeholder")}
            style={{ flex: "1 1 220px" }} />
          <Button type="submit">{t("search.submit")}</Button>
        </Group>
      </form>
      <SegmentedControl size="xs" value={kind} aria-label={t("search.kindLabel")} fullWidth
        onChange={(value) => update({ kind: value === "ALL" ? null : value })}
        data={[{ value: "ALL", label: t("search.kind.ALL") },
          ...KINDS.map((value) => ({ value, label: t(`search.kind.${value}`) }))]} />
      {body}
    </Stack>
  );
}
