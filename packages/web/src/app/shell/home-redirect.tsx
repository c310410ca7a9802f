import { LayoutGrid } from 'lucide-react';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { homePath, NAV } from '../nav';
import { PageLoading } from './page-loading';
import { useNavAccess } from './use-nav-access';

/** '/' goes to the first area in sidebar order that exists and that this user may see. */
export function HomeRedirect() {
  const access = useNavAccess();
  if (access.isLoading) return <PageLoading />;
  const target = homePath(NAV, access);
  if (target) return <Navigate to={target} replace />;
  return (
    <EmptyState
      icon={<LayoutGrid />}
      title="No pages available"
      description="Your roles or the feature flags hide every area of the console."
    />
  );
}
