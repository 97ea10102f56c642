import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "e2e-screens", "src/graphql/graphql-env.d.ts"] },
  js.configs.recommended,
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: { ...globals.node } } },
  // public/ is copied as it is into the build and runs in the page, unbundled.
  { files: ["public/**/*.js"], languageOptions: { sourceType: "script", globals: { ...globals.browser } } },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-syntax": ["error", {
        selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
        message: "Stored texts are rendered as text, never as HTML.",
      }],
    },
  },
  // The folder rule: a page imports only its own folder, `components/` and `graphql/` (tests may also
  // read the i18n files); what is shared (`components/`, `graphql/`) never imports a page.
  {
    files: ["src/pages/**/*.{ts,tsx}"],
    ignores: ["src/pages/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{
        regex: "^\\.\\./(?!\\.\\./(components|graphql)/)",
        message: "A page imports only its own folder, src/components/ and src/graphql/: move what two pages share to components/ or graphql/.",
      }] }],
    },
  },
  {
    // A page in a sub-folder (pages/review/agreement/): the same rule, one level further up.
    files: ["src/pages/*/*/**/*.{ts,tsx}"],
    ignores: ["src/pages/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{
        regex: "^\\.\\./(?!\\.\\./\\.\\./(components|graphql)/)",
        message: "A page imports only its own folder, src/components/ and src/graphql/: move what two pages share to components/ or graphql/.",
      }] }],
    },
  },
  {
    files: ["src/pages/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{
        regex: "^\\.\\./(?!\\.\\./(components|graphql|i18n)/)",
        message: "A page's test imports only its own folder, src/components/, src/graphql/ and src/i18n/.",
      }] }],
    },
  },
  {
    files: ["src/components/**/*.{ts,tsx}", "src/graphql/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{
        regex: "(^|/)pages(/|$)",
        message: "Shared code (components/, graphql/) never imports a page: move what it needs here.",
      }] }],
    },
  },
  // Playwright fixtures call `use()`, which is not React's hook.
  { files: ["src/**/*.{ts,tsx}"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
);
