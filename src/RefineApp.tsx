import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { CatchAllNavigate, UnsavedChangesNotifier } from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { authProvider } from "./providers/auth";
import { accessControlProvider } from "./providers/access-control";
import { createDataProvider } from "./providers/data";
import { i18nProvider } from "./providers/i18n";
import { useBladeNotificationProvider } from "./providers/notification";
import { HttpError } from "./providers/http";
import { resources } from "./resources";
import { AppLayout } from "./layout/AppLayout";
import { website } from "./config/website";

const WorkbenchPage = lazy(() => import("./pages/workbench/WorkbenchPage"));

const dataProvider = createDataProvider();

// A 401 is handled once by the http layer and a 403 will not change on retry.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof HttpError && (error.code === 401 || error.code === 403)) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const refineResources = resources.map((r) => ({
  name: r.name,
  list: r.path,
  meta: { ...r.meta, label: r.labelKey },
}));

/** Everything behind sign-in: refine, the layout and the resources. */
export default function RefineApp() {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useBladeNotificationProvider}
      resources={refineResources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        reactQuery: { clientConfig: queryClient },
      }}
    >
      <Routes>
        <Route
          element={
            <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
              <AppLayout />
            </Authenticated>
          }
        >
          <Route path="/workbench" element={<Navigate to={website.firstPage.path} replace />} />
          <Route path="/workbench/index" element={<WorkbenchPage />} />
          {resources.map((r) => (
            <Route key={r.name} path={r.path} element={<r.list />} />
          ))}
          {resources.map((r) => (
            <Route key={`${r.name}-index`} path={`${r.path}/index`} element={<Navigate to={r.path} replace />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
      <UnsavedChangesNotifier />
    </Refine>
  );
}
