import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * public/early-query.js with the scenario editor's chunks (its route chunk and what it imports)
 * written into its EDITOR_CHUNKS, so that on the editor's address they load beside the app's entry
 * instead of after it has run (the names carry content hashes, known only once bundled).
 */
function earlyEditorChunks(): Plugin {
  return {
    name: "early-editor-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [[item.fileName, item]] : [])));
      const route = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith("/pages/scenario-edit/ScenarioEditPage.tsx"));
      if (!route) this.error("no chunk for pages/scenario-edit/ScenarioEditPage.tsx");
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      // What the entry loads is preloaded by index.html already.
      const entry = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));
      const files = [...closure(route.fileName)].filter((fileName) => !entry.has(fileName));
      const template = readFileSync(new URL("./public/early-query.js", import.meta.url), "utf8");
      const marker = "var EDITOR_CHUNKS = [];";
      if (!template.includes(marker)) this.error(`public/early-query.js has no "${marker}"`);
      this.emitFile({ type: "asset", fileName: "early-query.js",
        source: template.replace(marker, `var EDITOR_CHUNKS = ${JSON.stringify(files)};`) });
    },
  };
}

// The server (agenteval/web_ui.py) serves dist/ at "/"; the dev server proxies the API to it.
export default defineConfig({
  plugins: [react(), earlyEditorChunks()],
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 6000, // Monaco (GraphiQL's editor) is one large chunk, loaded only there
    rolldownOptions: {
      output: {
        // What every page shares goes in one chunk, so the first page is two requests, not eight.
        advancedChunks: {
          groups: [{
            name: "shared",
            test: /node_modules[\\/](react|react-dom|scheduler|react-router|@mantine|@floating-ui|urql|@urql|wonka|graphql-ws|@0no-co|gql\.tada|i18next|react-i18next|use-sync-external-store)[\\/]/,
          }],
        },
      },
      onwarn(warning, warn) {
        // GraphiQL's files start with React-compiler directives that bundling drops harmlessly.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      "/graphql": { target: "http://127.0.0.1:8000", ws: true },
      "/api": "http://127.0.0.1:8000",
    },
  },
  test: { include: ["src/**/*.test.{ts,tsx}"], environment: "node" },
});
