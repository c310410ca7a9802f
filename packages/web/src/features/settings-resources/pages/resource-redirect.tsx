import { Navigate } from 'react-router';

/** A settings table whose rows another page manages (properties → Feature Flags): go there, keeping Back usable. */
export function ResourceRedirect({ to }: { to: string }) {
  return <Navigate to={to} replace />;
}
