import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Unauthorized } from '../../components/ui/unauthorized';
import { routeAccess } from '../route-access';
import type { AppRoute } from '../routes';
import { PageLoading } from './page-loading';
import { useNavAccess } from './use-nav-access';

/** Renders a page only when allowed: waits for flags and permissions, Unauthorized when denied, '/' when disabled. */
export function RouteGuard({ route, children }: { route: Pick<AppRoute, 'path' | 'resource' | 'feature'>; children: ReactNode }) {
  const access = useNavAccess();
  if (access.isLoading) return <PageLoading />;
  const verdict = routeAccess(route, access);
  if (verdict === 'disabled') return <Navigate to="/" replace />;
  if (verdict === 'unauthorized') return <Unauthorized />;
  return <>{children}</>;
}
