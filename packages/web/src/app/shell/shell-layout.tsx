import { OrganizationGate } from '../../features/auth/org/organization-gate';
import { ErrorPanel } from '../error-boundary';
import { UnauthorizedError } from '../../lib/api-errors';
import { useWhoAmI } from '../../lib/use-whoami';
import { PageLoading } from './page-loading';
import { Shell } from './shell';

/** Layout route of every signed-in page: in organisation mode an organisation first, then who-am-I, then the shell. */
export function ShellLayout() {
  return (
    <OrganizationGate>
      <SignedInShell />
    </OrganizationGate>
  );
}

function SignedInShell() {
  const who = useWhoAmI();
  if (who.data) return <Shell user={who.data.user} />;
  // A 401 already sent the user to /auth-state-checker; keep a spinner until the route changes.
  if (who.isPending || who.error instanceof UnauthorizedError) {
    return (
      <div className="flex h-dvh">
        <PageLoading />
      </div>
    );
  }
  return (
    <div className="flex h-dvh">
      <ErrorPanel error={who.error} />
    </div>
  );
}
