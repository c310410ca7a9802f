import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, UnauthorizedError } from '../../lib/api-errors';
import { safeReturnTo } from '../../lib/return-to';
import { checkSession } from './auth-api';
import { AuthLayout } from './auth-layout';

/** Where a session check sends the user (spec 1 §8): ok → return_to; 401 → login; 403/422 → login at aal2. */
export function sessionCheckTarget(result: 'ok' | unknown, returnTo: string): string | null {
  const rt = encodeURIComponent(returnTo);
  if (result === 'ok') return returnTo;
  if (result instanceof UnauthorizedError) return `/login?return_to=${rt}`;
  if (result instanceof ApiError && (result.status === 403 || result.status === 422)) return `/login?aal=aal2&return_to=${rt}`;
  return null;
}

/** /auth-state-checker: the target of every 401; checks the session and moves on. */
export function AuthStateCheckerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(params.get('return_to'));
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    checkSession(ctrl.signal).then(
      () => void navigate(returnTo, { replace: true }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const target = sessionCheckTarget(err, returnTo);
        if (target) void navigate(target, { replace: true });
        else setFailure(err);
      },
    );
    return () => ctrl.abort();
  }, [navigate, returnTo, attempt]);

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
