/** Routes: one folder per page under src/pages. GraphiQL is loaded only when opened. */
import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { Loading } from "./components/Loading";
import { Shell } from "./pages/shell/Shell";
import { EvalListPage } from "./pages/evals/EvalListPage";
import { NewEvalPage } from "./pages/eval-new/NewEvalPage";
import { EvalPage } from "./pages/eval/EvalPage";
import { ReportPage } from "./pages/report/ReportPage";
import { SessionPage } from "./pages/session/SessionPage";
import { SettingsPage } from "./pages/settings/SettingsPage";

const GraphiQLPage = lazy(() => import("./pages/graphiql/GraphiQLPage"));

const router = createBrowserRouter([
  {
    path: "/graphql",
    element: <Suspense fallback={<Loading />}><GraphiQLPage /></Suspense>,
  },
  {
    path: "/",
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/evals" replace /> },
      { path: "evals", element: <EvalListPage /> },
      { path: "evals/new", element: <NewEvalPage /> },
      { path: "evals/:evalId", element: <EvalPage /> },
      { path: "evals/:evalId/report", element: <ReportPage /> },
      { path: "evals/:evalId/sessions/:sessionId", element: <SessionPage /> },
      { path: "settings", element: <SettingsPage /> },
      { path: "*", element: <Navigate to="/evals" replace /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
