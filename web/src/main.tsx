import "@mantine/core/styles.css";
import "./app.css";
import { createTheme, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ApiProvider } from "./graphql/ApiProvider";
import { startI18n } from "./i18n";

startI18n();

// Darker shades than the defaults so text on white and on light badges passes WCAG AA contrast.
const theme = createTheme({ primaryShade: { light: 8, dark: 8 }, autoContrast: true });

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
