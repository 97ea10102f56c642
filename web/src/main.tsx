import "@mantine/core/styles.css";
import "./app.css";
import { Combobox, createTheme, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ApiProvider } from "./graphql/ApiProvider";
import { startI18n } from "./i18n";

startI18n();

// Darker shades than the defaults so text on white and on light badges passes WCAG AA contrast.
// A closed select's options are not kept in the page (hidden): each kept list was positioned on
// mounting, which measured the whole page — 60 ms of a 200-row list's first load (bench/web_budget.mjs).
const theme = createTheme({
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  components: { Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }) },
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <ApiProvider>
        <App />
      </ApiProvider>
    </MantineProvider>
  </StrictMode>,
);
