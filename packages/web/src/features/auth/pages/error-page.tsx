import { IDENTITY_PATHS, MESSAGES, type SelfServiceError } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Navigate, Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { AuthLayout } from '../components/auth-layout';

/** The text for an error code: BAD_SESSION has its own message, anything else is unknown. */
export function errorCodeMessage(code: string | null): string {
  return code === 'BAD_SESSION' ? MESSAGES.badSession : MESSAGES.unknownError;
}

/** Flow-error fetches that answer 404, 403 or 410 go to /; other failures are shown. */
export function redirectsHome(err: unknown): boolean {
  return err instanceof ApiError && [403, 404, 410].includes(err.status);
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <AuthLayout>
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-3 p-6 text-center">
          <AlertTriangle aria-hidden className="size-8 text-destructive" />
          {children}
          <Link to="/" className={buttonClasses('outline', 'sm')}>
            Go back
          </Link>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

/** The self-hosted variant: fetch the stored flow error by id and show it raw. */
function FlowError({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['auth', 'flow-error', id],
    queryFn: ({ signal }) => api.get<SelfServiceError>(IDENTITY_PATHS.flowError, { query: { id }, signal, on401: 'throw', local: true }),
    retry: false,
  });
  if (q.isPending)
    return (
      <AuthLayout>
        <Spinner label="Loading" />
      </AuthLayout>
    );
  if (q.error && redirectsHome(q.error)) return <Navigate to="/" replace />;
  const raw = q.data ? q.data.error : q.error instanceof ApiError ? q.error.body : String(q.error);
  return (
    <Frame>
      <h1 className="text-lg font-semibold">An error occurred</h1>
      <pre aria-label="Error details" className="max-h-80 w-full overflow-auto rounded-md bg-muted p-3 text-left text-xs">
        {JSON.stringify(raw, null, 2)}
      </pre>
    </Frame>
  );
}

/** /error?error_code=… (message by code) and /error/{id} or /error?id=… (a stored flow error). */
export function ErrorPage() {
  const [params] = useSearchParams();
  const { id: pathId } = useParams();
  const id = pathId ?? params.get('id');
  if (id) return <FlowError id={id} />;
  return (
    <Frame>
      <p role="alert" className="text-sm">
        {errorCodeMessage(params.get('error_code'))}
      </p>
    </Frame>
  );
}
