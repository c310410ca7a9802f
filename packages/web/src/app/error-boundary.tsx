import { MESSAGES } from '@ops/shared';
import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { Unauthorized } from '../components/ui/unauthorized';
import { ForbiddenError } from '../lib/api-errors';

/** The panel for an uncaught render error: 'Sorry.. there was an error'. */
export function ErrorPanel({ error }: { error?: unknown }) {
  if (error instanceof ForbiddenError) return <Unauthorized />;
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <AlertTriangle aria-hidden className="size-10 text-destructive" />
      <h2 className="text-lg font-semibold">{MESSAGES.errorBoundary}</h2>
      {detail && <p className="max-w-xl break-words font-mono text-xs text-muted-foreground">{detail}</p>}
      <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

/** Router errorElement: failures while loading or rendering a route. */
export function RouteError() {
  return <ErrorPanel error={useRouteError()} />;
}

interface BoundaryState {
  error: unknown;
}

/** Catches render errors outside the router's own boundaries (e.g. in providers or the shell). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorPanel error={this.state.error} /> : this.props.children;
  }
}
