import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-errors';
import { safeReturnTo } from '../../../lib/return-to';
import { checkSession } from '../api/session-api';
import { AuthLayout } from '../components/auth-layout';
import { flowErrorOf } from '../flow/flow-reaction';
import { useGoTo } from '../flow/use-go-to';

/**
 * Where a session check sends the user: ok → return_to; 401 → /login?return_to; 403 or
 * 422 → the server's redirect (second factor), else /login?aal=aal2&return_to. Null: show the error.
 */
export function sessionCheckTarget(result: 'ok' | unknown, returnTo: string): string | null {
  const rt = encodeURIComponent(returnTo);
  if (result === 'ok') return returnTo;
  if (!(result instanceof ApiError)) return null;
  if (result.status === 401) return `/login?return_to=${rt}`;
  if (result.status === 403 || result.status === 422) {
    return flowErrorOf(result.body)?.redirect_browser_to ?? `/login?aal=aal2&return_to=${rt}`;
  }
  return null;
}

/** /auth-state-checker: the target of every 401; checks the session and moves on. */
export function AuthStateCheckerPage() {
  const [params] = useSearchParams();
  const go = useGoTo();
  const returnTo = safeReturnTo(params.get('return_to'));
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    checkSession(ctrl.signal).then(
      () => go(returnTo),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const target = sessionCheckTarget(err, returnTo);
        if (target) go(target);
        else setFailure(err);
      },
    );
    return () => ctrl.abort();
  }, [go, returnTo, attempt]);

  return (
    <AuthLayout>
      {failure ? (
        <ErrorState error={failure} onRetry={() => (setFailure(null), setAttempt((a) => a + 1))} />
      ) : (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" label={null} />
          <span role="status">Checking your session…</span>
        </div>
      )}
    </AuthLayout>
  );
}
