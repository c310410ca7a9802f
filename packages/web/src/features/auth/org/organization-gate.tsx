import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { setApiBackend } from '../../../lib/api-client';
import { ApiError, UnauthorizedError } from '../../../lib/api-errors';
import { useWhoAmI } from '../../../lib/use-whoami';
import { useAuthConfig } from '../api/auth-config';
import { OrganizationPicker } from './organization-picker';
import { currentOrganization, ORG_KEYS, organizationToken, refreshDelay } from './organizations-api';
import { ProvisioningWait } from './provisioning-wait';

function Loading() {
  return (
    <div className="flex h-dvh items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

/** Who-am-I answering 5xx or 404 means the organisation's instance is still being provisioned. */
export function isProvisioning(err: unknown): boolean {
  return err instanceof ApiError && (err.status >= 500 || err.status === 404);
}

/** Whether /current means "pick an organisation": none selected (404) or the selected one unusable (409). */
function needsPicker(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 409);
}

/**
 * With an organisation selected: the API goes to its backend with a token this tab keeps and renews a
 * minute before expiry (organizationToken); provisioning-wait until who-am-I answers. /current is read on
 * every mount and never mints, so a revoked token (no longer listed) is replaced instead of looping on 401.
 */
function HostedGate({ children }: { children: ReactNode }) {
  const current = useQuery({
    queryKey: ORG_KEYS.current,
    queryFn: ({ signal }) => currentOrganization(signal),
    retry: false,
    staleTime: 0,
  });
  const live = current.data?.tokens.map((t) => t.id).join(',');
  const token = useQuery({
    queryKey: [...ORG_KEYS.token, current.data?.organization.id, current.data?.backend_url, live],
    queryFn: () => organizationToken(current.data!),
    enabled: !!current.data,
    retry: false,
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data ? refreshDelay(q.state.data.expires_at) : false),
  });
  // Set before the children's queries run; the same values again on every render are harmless.
  if (token.data) setApiBackend({ url: token.data.backend_url, token: token.data.token });
  if (needsPicker(current.error)) return <OrganizationPicker />;
  if (current.data && token.data) return <ProvisioningGate>{children}</ProvisioningGate>;
  const error = current.error ?? token.error;
  if (error && !(error instanceof UnauthorizedError)) {
    return <ErrorState error={error} onRetry={() => void (current.error ? current.refetch() : token.refetch())} />;
  }
  return <Loading />;
}

/** Rendered only once the backend is set, so who-am-I goes to the organisation's backend. */
function ProvisioningGate({ children }: { children: ReactNode }) {
  const who = useWhoAmI();
  if (isProvisioning(who.error)) return <ProvisioningWait onRetry={() => void who.refetch()} />;
  return <>{children}</>;
}

/** In organisation mode (GET /api/auth/config → provider 'hosted') the shell waits for an organisation first. */
export function OrganizationGate({ children }: { children: ReactNode }) {
  const config = useAuthConfig();
  if (config.isPending) return <Loading />;
  if (config.data?.provider !== 'hosted') return <>{children}</>;
  return <HostedGate>{children}</HostedGate>;
}
