/** Routes: one folder per page under src/pages. GraphiQL is loaded only when opened. */
import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { Loading } from "./components/Loading";
import { Shell } from "./pages/shell/Shell";
import { EvalListPage } from "./pages/evals/EvalListPage";

// The list is the first page; the others load when opened, so the first load stays small.
const GraphiQLPage = lazy(() => import("./pages/graphiql/GraphiQLPage"));
const NewEvalPage = lazy(() => import("./pages/eval-new/NewEvalPage").then((m) => ({ default: m.NewEvalPage })));
const EvalPage = lazy(() => import("./pages/eval/EvalPage").then((m) => ({ default: m.EvalPage })));
const ReportPage = lazy(() => import("./pages/report/ReportPage").then((m) => ({ default: m.ReportPage })));
const SessionPage = lazy(() => import("./pages/session/SessionPage").then((m) => ({ default: m.SessionPage })));
const SettingsPage = lazy(() => import("./pages/settings/SettingsPage").then((m) => ({ default: m.SettingsPage })));

const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

const router = createBrowserRouter([
  {
    path: "/graphql",
    element: page(<GraphiQLPage />),
  },
  {
    path: "/",
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/evals" replace /> },
      { path: "evals", element: <EvalListPage /> },
      { path: "evals/new", element: page(<NewEvalPage />) },
      { path: "evals/:evalId", element: page(<EvalPage />) },
      { path: "evals/:evalId/report", element: page(<ReportPage />) },
      { path: "evals/:evalId/sessions/:sessionId", element: page(<SessionPage />) },
      { path: "settings", element: page(<SettingsPage />) },
      { path: "*", element: <Navigate to="/evals" replace /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
