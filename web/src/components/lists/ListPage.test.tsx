/**
 * The list scaffold shows exactly one of: the failed query, loading, the empty state, the
 * search that hides everything, the rows; with the real list controls reading the address.
 */
import { MantineProvider, Table } from "@mantine/core";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { CombinedError } from "urql";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { ListPage, type ListConnection } from "./ListPage";
import { useListControls } from "./useListControls";

interface Row { id: string; name: string }

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: "en", interpolation: { escapeValue: false } });
});

function connectionOf(names: string[], hasNextPage = false): ListConnection<Row> {
  return { totalCount: names.length, pageInfo: { hasNextPage, endCursor: null }, edges: names.map((name, i) => ({ node: { id: `id-${i}`, name } })) };
}

interface State { fetching: boolean; error?: CombinedError; connection?: ListConnection<Row> }

function Things({ state }: { state: State }) {
  const controls = useListControls("OLDEST_FIRST");
  return (
    <ListPage title="Things" controls={controls} query={state} connection={state.connection} onRetry={() => undefined}
      actions={<button type="button">New thing</button>} empty="No things yet: press New thing."
      total={(count) => `${count} things`} head={<Table.Th>Name</Table.Th>}
      row={(row) => <Table.Tr key={row.id}><Table.Td>{row.name}</Table.Td></Table.Tr>} />
  );
}

function render(state: State, address = "/things"): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[address]}><Things state={state} /></MemoryRouter>
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("ListPage", () => {
  it("shows the title, its action and the toolbar in every state", () => {
    for (const html of [render({ fetching: true }), render({ fetching: false, connection: connectionOf(["a"]) })]) {
      expect(html).toContain(">Things</h2>");
      expect(html).toContain("New thing</button>");
      expect(html).toContain("Search by name");
    }
  });

  it("shows loading until the first answer, and nothing else", () => {
    const html = render({ fetching: true });
    expect(html).toContain('role="status"');
    expect(html).not.toContain("<table");
    expect(html).not.toContain("No things yet");
    expect(html).not.toContain("Next");
  });

  it("shows the API's code and message with Try again when the query fails", () => {
    const error = new CombinedError({ graphQLErrors: [{ message: "key revoked", extensions: { code: "UNAUTHENTICATED" } }] });
    const html = render({ fetching: false, error });
    expect(html).toContain('role="alert"');
    expect(html).toContain("UNAUTHENTICATED");
    expect(html).toContain("key revoked");
    expect(html).toContain("Try again");
    expect(html).not.toContain('role="status"');
  });

  it("keeps the last rows under the error while a refetch fails", () => {
    const error = new CombinedError({ networkError: new Error("Failed to fetch") });
    const html = render({ fetching: false, error, connection: connectionOf(["kept"]) });
    expect(html).toContain("NETWORK");
    expect(html).toContain("kept");
  });

  it("says what to do next when the list is empty without a search", () => {
    const html = render({ fetching: false, connection: connectionOf([]) });
    expect(html).toContain("No things yet: press New thing.");
    expect(html).not.toContain("<table");
    expect(html).toContain("0 things");
  });

  it("says nothing matches when a search hides every row", () => {
    const html = render({ fetching: false, connection: connectionOf([]) }, "/things?q=zzz");
    expect(html).toContain(en.lists.noMatch);
    expect(html).not.toContain("No things yet");
    expect(html).toContain('value="zzz"');
  });

  it("shows the rows in a named table inside the sideways scroller, and the pager", () => {
    const html = render({ fetching: false, connection: connectionOf(["alpha", "beta"], true) });
    expect(html).toContain('aria-label="Things"');
    expect(html).toContain("<td");
    expect(html.indexOf("alpha")).toBeLessThan(html.indexOf("beta"));
    expect(html).toContain("2 things");
    expect(html).not.toContain("No things yet");
    expect(html).not.toContain(en.lists.noMatch);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*?Previous/);
  });
});
