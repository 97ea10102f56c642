/** GraphiQL, bundled (no CDN), with the stored key sent on every request and shown as the X-API-Key header. */
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { useMemo } from "react";
import { readKey } from "../../graphql/key";

export default function GraphiQLPage() {
  const key = readKey(window.localStorage);
  const fetcher = useMemo(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return createGraphiQLFetcher({
      url: "/graphql",
      // The key goes on every request, the first introspection included: GraphiQL sends
      // that one before it reads the headers editor, so without this it fetched no schema.
      headers: key ? { "X-API-Key": key } : undefined,
      subscriptionUrl: `${scheme}//${window.location.host}/graphql`,
      wsConnectionParams: key ? { "X-API-Key": key } : undefined,
    });
  }, [key]);
  const headers = JSON.stringify(key ? { "X-API-Key": key } : {}, null, 2);
  return (
    <div style={{ height: "100vh" }}>
      <GraphiQL fetcher={fetcher} initialHeaders={headers} defaultEditorToolsVisibility="headers" />
    </div>
  );
}
