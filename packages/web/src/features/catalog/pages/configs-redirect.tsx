import { Navigate, useLocation } from 'react-router';

/** /configs redirects to /catalog, keeping the query string. */
export function ConfigsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/catalog${search}`} replace />;
}
