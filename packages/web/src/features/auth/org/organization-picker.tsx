import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, CardContent, ErrorState, Field, Input, Spinner } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { AuthLayout } from '../components/auth-layout';
import { InvitationList } from './invitation-list';
import { createOrganization, identityWhoAmI, listOrganizations, ORG_KEYS, selectOrganization } from './organizations-api';

/**
 * Shown when no organisation is selected; pick one, answer an invitation, or (admins) create
 * one, then land on orgs-switched. Pending invitations are not selectable until accepted.
 */
export function OrganizationPicker() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const orgs = useQuery({ queryKey: ORG_KEYS.list, queryFn: ({ signal }) => listOrganizations(signal), staleTime: 0 });
  const me = useQuery({ queryKey: ORG_KEYS.me, queryFn: ({ signal }) => identityWhoAmI(signal), staleTime: 0, retry: false });
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  const [name, setName] = useState('');
  const done = async (): Promise<void> => {
    await navigate('/organizations/orgs-switched', { replace: true });
    client.clear();
  };
  const select = useMutation({ mutationFn: selectOrganization, onSuccess: done, onError: toastError });
  const create = useMutation({ mutationFn: createOrganization, onSuccess: done, onError: toastError });
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim() });
  };
  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 p-6">
          <h1 className="text-center text-xl font-semibold">Select an organization</h1>
          {orgs.isPending && <Spinner />}
          {orgs.error && <ErrorState error={orgs.error} onRetry={() => void orgs.refetch()} />}
          <ul className="grid gap-2" aria-label="Your organizations">
            {orgs.data?.organizations.map((o) => (
              <li key={o.id}>
                <Button
                  variant="outline"
                  className="w-full justify-start"
                  loading={select.isPending && select.variables === o.id}
                  onClick={() => select.mutate(o.id)}
                >
                  <Building2 aria-hidden /> {o.name}
                </Button>
              </li>
            ))}
          </ul>
          {orgs.data && orgs.data.organizations.length === 0 && (
            <p className="text-center text-sm text-muted-foreground">You are not a member of any organization yet.</p>
          )}
          <InvitationList />
          {isAdmin ? (
            <form noValidate aria-label="Create organization" onSubmit={submit} className="grid gap-2 border-t pt-4">
              <Field id="org-name" label="New organization name">
                <Input id="org-name" value={name} onChange={(e) => setName(e.target.value)} />
              </Field>
              <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
                Create organization
              </Button>
            </form>
          ) : (
            me.data && <p className="border-t pt-4 text-center text-sm text-muted-foreground">Only admins can create organizations.</p>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
