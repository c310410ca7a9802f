import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Unauthorized } from '../../components/ui/unauthorized';
import { TopologyViewPage } from '../../features/topology/pages/topology-view-page';
import { useFeatureFlags } from '../../lib/use-feature-flags';
import { usePermissions } from '../../lib/use-whoami';

/**
 * /view/topology/{id} outside the shell, behind the dashboard's flag and read permission. It checks
 * them itself: the shell's RouteGuard depends on the route table, which lists this page.
 */
export function TopologyViewRoute() {
  const perms = usePermissions();
  const flags = useFeatureFlags();
  if (perms.isLoading || flags.isLoading)
    return (
      <div className="flex justify-center p-6">
        <Spinner size="lg" />
      </div>
    );
  if (!flags.isEnabled('topology')) return <Navigate to="/" replace />;
  if (!perms.can('topologies', 'read')) return <Unauthorized />;
  return <TopologyViewPage />;
}
