import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { PageLoading } from "./PageLoading";
import { LoadError } from "./LoadError";
import { isChunkLoadError } from "./lazy-route";
import { recordError } from "./error-log/error-log";

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

/** Catches a failed route chunk (or a crashed page) and shows the load-error page in its place. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("unknown error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Navigating elsewhere gives the next page its chance; the failed one stays failed until a reload.
    if (state.error && state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    if (state.error && state.failedAt === null) return { failedAt: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // React 19 reports caught errors nowhere else: keep them in the local error log (§8).
    const e = error instanceof Error ? error : new Error(String(error));
    recordError({ type: "react", message: e.message || e.name, stack: e.stack ?? "", info: info.componentStack?.trim() ?? "" });
  }

  render() {
    if (this.state.error) return <LoadError chunk={isChunkLoadError(this.state.error)} />;
    return this.props.children;
  }
}

/** Suspense + error boundary for lazily loaded routes, reset when the path changes. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
