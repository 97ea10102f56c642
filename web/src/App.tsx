/** Routes: one folder per page under src/pages. GraphiQL is loaded only when opened. */
import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { RouteError } from "./components/errors/RouteError";
import { Loading } from "./components/Loading";
import { Shell } from "./pages/shell/Shell";
import { EvalListPage } from "./pages/evals/EvalListPage";
import { prefetchScenarioEdit } from "./pages/scenario-edit/editQuery";

// The eval list is part 1's first page; the others load when opened, so the first load stays small.
const GraphiQLPage = lazy(() => import("./pages/graphiql/GraphiQLPage"));
const NewEvalPage = lazy(() => import("./pages/eval-new/NewEvalPage").then((m) => ({ default: m.NewEvalPage })));
const EvalPage = lazy(() => import("./pages/eval/EvalPage").then((m) => ({ default: m.EvalPage })));
const ReportPage = lazy(() => import("./pages/report/ReportPage").then((m) => ({ default: m.ReportPage })));
const SessionPage = lazy(() => import("./pages/session/SessionPage").then((m) => ({ default: m.SessionPage })));
const RoleHome = lazy(() => import("./pages/home/RoleHome").then((m) => ({ default: m.RoleHome })));
const TargetsPage = lazy(() => import("./pages/targets/TargetsPage").then((m) => ({ default: m.TargetsPage })));
const TargetFormPage = lazy(() => import("./pages/targets/TargetFormPage").then((m) => ({ default: m.TargetFormPage })));
const ScenariosPage = lazy(() => import("./pages/scenarios/ScenariosPage").then((m) => ({ default: m.ScenariosPage })));
const ScenarioPage = lazy(() => import("./pages/scenarios/ScenarioPage").then((m) => ({ default: m.ScenarioPage })));
const CampaignsPage = lazy(() => import("./pages/campaigns/CampaignsPage").then((m) => ({ default: m.CampaignsPage })));
const CampaignPage = lazy(() => import("./pages/campaigns/CampaignPage").then((m) => ({ default: m.CampaignPage })));
const RunReportPage = lazy(() => import("./pages/run/RunReportPage").then((m) => ({ default: m.RunReportPage })));
const ComparePage = lazy(() => import("./pages/compare/ComparePage").then((m) => ({ default: m.ComparePage })));
const LogsPage = lazy(() => import("./pages/logs/LogsPage").then((m) => ({ default: m.LogsPage })));
const LogSetPage = lazy(() => import("./pages/logs/LogSetPage").then((m) => ({ default: m.LogSetPage })));
const ModelsPage = lazy(() => import("./pages/models/ModelsPage").then((m) => ({ default: m.ModelsPage })));
const ScorecardsPage = lazy(() => import("./pages/scorecards/ScorecardsPage").then((m) => ({ default: m.ScorecardsPage })));
const MonitorsPage = lazy(() => import("./pages/monitoring/MonitorsPage").then((m) => ({ default: m.MonitorsPage })));
const MonitorPage = lazy(() => import("./pages/monitoring/MonitorPage").then((m) => ({ default: m.MonitorPage })));
const MonitorFormPage = lazy(() => import("./pages/monitoring/MonitorFormPage").then((m) => ({ default: m.MonitorFormPage })));
const ConversationPage = lazy(() => import("./pages/monitoring/ConversationPage").then((m) => ({ default: m.ConversationPage })));
const SearchPage = lazy(() => import("./pages/search/SearchPage").then((m) => ({ default: m.SearchPage })));
const QueuesPage = lazy(() => import("./pages/review-queues/QueuesPage").then((m) => ({ default: m.QueuesPage })));
const QueuePage = lazy(() => import("./pages/review-queue/QueuePage").then((m) => ({ default: m.QueuePage })));
const AgreementPage = lazy(() => import("./pages/review/agreement/AgreementPage").then((m) => ({ default: m.AgreementPage })));
const WorkbenchPage = lazy(() => import("./pages/review-work/WorkbenchPage").then((m) => ({ default: m.WorkbenchPage })));
const SettingsPage = lazy(() => import("./pages/settings/SettingsPage").then((m) => ({ default: m.SettingsPage })));

const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

const router = createBrowserRouter([
  {
    path: "/graphql",
    element: page(<GraphiQLPage />),
    errorElement: <RouteError />,
  },
  {
    path: "/",
    element: <Shell />,
    errorElement: <RouteError />,
    // Every page fails inside the shell: the navigation stays, the error page replaces the page only.
    children: [{ errorElement: <RouteError />, children: [
      { index: true, element: page(<RoleHome />) },
      { path: "evals", element: <EvalListPage /> },
      { path: "evals/new", element: page(<NewEvalPage />) },
      { path: "evals/:evalId", element: page(<EvalPage />) },
      { path: "evals/:evalId/report", element: page(<ReportPage />) },
      { path: "evals/:evalId/sessions/:sessionId", element: page(<SessionPage />) },
      { path: "targets", element: page(<TargetsPage />) },
      { path: "targets/:targetId", element: page(<TargetFormPage />) },
      { path: "scenarios", element: page(<ScenariosPage />) },
      { path: "scenarios/:scenarioId", element: page(<ScenarioPage />) },
      // The router's own `lazy`, not React.lazy + Suspense: opened by its address, the chunk is fetched
      // while the app boots and the page renders with the shell, in the render that asks `me`. Behind
      // Suspense it rendered a fallback first, and React holds a Suspense reveal back up to 300 ms: the
      // scenario was asked ~0.3 s after `me` (bench/editor_budget.mjs, BENCH_VERBOSE=1).
      // The loader starts the scenario's query as the router starts, before React renders (editQuery.ts);
      // asked again only for another scenario, not when the editor replaces its own address.
      {
        path: "scenarios/:scenarioId/edit",
        loader: ({ params }) => prefetchScenarioEdit(params.scenarioId, params.scenarioId === "new"),
        shouldRevalidate: ({ currentParams, nextParams }) => currentParams.scenarioId !== nextParams.scenarioId,
        lazy: async () => ({ Component: (await import("./pages/scenario-edit/ScenarioEditPage")).ScenarioEditPage }),
      },
      { path: "campaigns", element: page(<CampaignsPage />) },
      { path: "campaigns/:campaignId", element: page(<CampaignPage />) },
      { path: "runs/:runId", element: page(<RunReportPage />) },
      { path: "compare", element: page(<ComparePage />) },
      { path: "logs", element: page(<LogsPage />) },
      { path: "logs/:setId", element: page(<LogSetPage />) },
      { path: "models", element: page(<ModelsPage />) },
      { path: "scorecards", element: page(<ScorecardsPage />) },
      { path: "monitoring", element: page(<MonitorsPage />) },
      { path: "monitoring/monitors/new", element: page(<MonitorFormPage />) },
      { path: "monitoring/monitors/:monitorId", element: page(<MonitorPage />) },
      { path: "monitoring/monitors/:monitorId/edit", element: page(<MonitorFormPage />) },
      { path: "monitoring/conversations/:conversationId", element: page(<ConversationPage />) },
      { path: "review", element: page(<QueuesPage />) },
      { path: "review/agreement", element: page(<AgreementPage />) },
      { path: "review/:queueId", element: page(<QueuePage />) },
      { path: "review/:queueId/work", element: page(<WorkbenchPage />) },
      { path: "settings", element: page(<SettingsPage />) },
      { path: "search", element: page(<SearchPage />) },
      { path: "*", element: <Navigate to="/" replace /> },
    ] }],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
