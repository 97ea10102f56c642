import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// The server (agenteval/web_ui.py) serves dist/ at "/"; the dev server proxies the API to it.
export default defineConfig({
  plugins: [react()],
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
