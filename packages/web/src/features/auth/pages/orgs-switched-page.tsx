import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { safeReturnTo } from '../../../lib/return-to';
import { AuthLayout } from '../components/auth-layout';

/** /organizations/orgs-switched: after choosing or creating an organisation, forget the old one's data and go on. */
export function OrgsSwitchedPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  useEffect(() => {
    client.clear();
    void navigate(returnTo, { replace: true });
  }, [client, navigate, returnTo]);
  return (
    <AuthLayout>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" label={null} />
        <span role="status">Switching organization…</span>
      </div>
    </AuthLayout>
  );
}
