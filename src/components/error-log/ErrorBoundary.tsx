import { Component, type ErrorInfo, type ReactNode } from "react";
import { recordError } from "./error-log";

interface Props {
  children: ReactNode;
  /** What to show instead of the failed page; `reset` renders the children again. */
  fallback: (reset: () => void) => ReactNode;
  /** A new value (the next route) clears the error, so leaving a broken page recovers. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
}

/**
 * Around the page outlet: a render error becomes a local error-log entry (§8) and a fallback
 * instead of a blank screen. React 19 reports caught errors only here, never to window.onerror.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    recordError({ type: "react", message: error.message || String(error), stack: error.stack ?? "", info: info.componentStack?.trim() ?? "" });
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  reset = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback(this.reset) : this.props.children;
  }
}
