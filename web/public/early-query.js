/*
 * Opened by its address, the scenario editor waits for its query more than for anything else (a
 * 1,000-case scenario: a few hundred ms of the server's time). The app sends it when its router
 * starts, after ~0.9 MB of scripts have loaded and run; this file, a few hundred bytes loaded
 * beside them (index.html), sends the same request at once, and the app's client answers its own
 * identical request with this one (src/graphql/earlyQuery.ts). A plain script, not bundled, so it
 * runs without waiting for the app's chunks. Its query is the editor's (`ScenarioEdit` in
 * src/pages/scenario-edit/editQuery.ts) as urql sends it; earlyQuery.test.ts holds the two equal.
 * The build writes the editor's own chunks into EDITOR_CHUNKS (vite.config.ts, `earlyEditorChunks`):
 * they are preloaded now too, where the app asked for them only once its router had started.
 */
(function () {
  var match = /^\/scenarios\/([^/]+)\/edit\/?$/.exec(window.location.pathname);
  var key = window.localStorage.getItem("agenteval.apiKey");
  var EDITOR_CHUNKS = [];
  if (!match) return;
  for (var i = 0; i < EDITOR_CHUNKS.length; i++) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = "/" + EDITOR_CHUNKS[i];
    document.head.appendChild(link);
  }
  if (match[1] === "new" || !key) return;
  var query = "query ScenarioEdit($id: ID!) {\n  ruleTypes {\n    name\n    description\n    paramsSchema\n" +
    "    modelRole\n    __typename\n  }\n  modelConfigs {\n    role\n    __typename\n  }\n  scenario(id: $id) {\n" +
    "    id\n    name\n    description\n    casesJson\n    __typename\n  }\n}";
  var variables = JSON.stringify({ id: decodeURIComponent(match[1]) });
  var search = new URLSearchParams({ query: query, operationName: "ScenarioEdit", variables: variables });
  var response = window.fetch("/graphql?" + search.toString(), {
    headers: {
      accept: "application/graphql-response+json, application/graphql+json, application/json",
      "X-API-Key": key,
    },
  });
  response.catch(function () { /* the app asks again itself */ });
  window.agentevalEarlyQuery = { query: query, operationName: "ScenarioEdit", variables: variables, key: key, response: response };
})();
