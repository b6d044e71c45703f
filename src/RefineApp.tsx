import { Authenticated, Refine } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { authProvider } from "./providers/auth";
import { routerProvider } from "./providers/router";
import { accessControlProvider } from "./providers/access-control";
import { createDataProvider } from "./providers/data";
import { SAMPLE_PROVIDER, sampleDataProvider } from "./providers/sample-rest";
import { i18nProvider } from "./providers/i18n";
import { useBladeNotificationProvider } from "./providers/notification";
import { HttpError } from "./providers/http";
import { resources } from "./resources";
import { AppLayout } from "./layout/AppLayout";
import { website } from "./config/website";
import { lazyRoute } from "./components/lazy-route";
import { RouteBoundary } from "./components/RouteBoundary";
import { UnsavedChangesGuard } from "./components/UnsavedChangesGuard";
import { ResourceTitle } from "./components/ResourceTitle";
import { ToLogin } from "./pages/login/ToLogin";
import { RegistrationGate } from "./pages/register/RegistrationGate";
import { MenuGuard } from "./pages/errors/MenuGuard";

const WorkbenchPage = lazyRoute(() => import("./pages/workbench/WorkbenchPage"));
const PersonCenterPage = lazyRoute(() => import("./pages/person-center/PersonCenterPage"));
const MenuPathPage = lazyRoute(() => import("./pages/menu-page/MenuPathPage"));
const IframePage = lazyRoute(() => import("./layout/IframePage"));

const dataProvider = createDataProvider();
// The Blade provider serves every resource; "sample" (simple-rest) only the data-asset sample lists.
const dataProviders = { default: dataProvider, [SAMPLE_PROVIDER]: sampleDataProvider };

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

// Each page gets its own boundary so a chunk that fails to load leaves the layout usable.
const page = (node: ReactNode) => <RouteBoundary>{node}</RouteBoundary>;

/** The signed-in routes of §2: fixed pages, the resource registry, then any other menu path. */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Authenticated key="console" fallback={<ToLogin />}>
            <RegistrationGate>
              <AppLayout />
            </RegistrationGate>
          </Authenticated>
        }
      >
        <Route path="/workbench" element={<Navigate to={website.firstPage.path} replace />} />
        <Route path="/workbench/index" element={page(<WorkbenchPage />)} />
        <Route path="/personCenter" element={<Navigate to="/personCenter/index" replace />} />
        <Route path="/personCenter/index" element={page(<PersonCenterPage />)} />
        <Route path="/myiframe/*" element={page(<IframePage />)} />
        {resources.map((r) => (
          <Route key={r.name} path={r.path} element={page(<MenuGuard path={r.path}><ResourceTitle labelKey={r.labelKey}><r.list /></ResourceTitle></MenuGuard>)} />
        ))}
        {resources.map((r) => (
          <Route key={`${r.name}-index`} path={`${r.path}/index`} element={<Navigate to={r.path} replace />} />
        ))}
        {/* A menu path without a resource gets a page of its own; an unknown path goes to /404. */}
        <Route path="*" element={page(<MenuPathPage />)} />
      </Route>
    </Routes>
  );
}

/** Everything behind sign-in: refine, the layout and the resources. */
export default function RefineApp() {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProviders}
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
      <ConsoleRoutes />
      <UnsavedChangesGuard />
    </Refine>
  );
}
