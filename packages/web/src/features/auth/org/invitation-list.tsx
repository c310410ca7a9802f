import type { OrganizationInvitation } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button, ErrorState } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { acceptInvitation, declineInvitation, listInvitations, ORG_KEYS } from './organizations-api';

/** Where an invitation's organisation would receive this person's token: shown so they can judge before accepting. */
function backendOf(i: OrganizationInvitation): string {
  return i.organization.backend_url ?? 'this console';
}

/**
 * Pending invitations with Accept and Decline. Nothing is selectable, and no token goes anywhere, until
 * the person accepts; the server enforces that again.
 */
export function InvitationList() {
  const client = useQueryClient();
  const invitations = useQuery({ queryKey: ORG_KEYS.invitations, queryFn: ({ signal }) => listInvitations(signal), staleTime: 0 });
  const refresh = async (): Promise<void> => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ORG_KEYS.invitations }),
      client.invalidateQueries({ queryKey: ORG_KEYS.list }),
    ]);
  };
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (org) => {
      toast.success(`You joined ${org.name}`);
      await refresh();
    },
    onError: toastError,
  });
  const decline = useMutation({ mutationFn: declineInvitation, onSuccess: refresh, onError: toastError });
  if (invitations.error) return <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />;
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-label="Pending invitations" className="grid gap-2 border-t pt-4">
      <h2 className="text-sm font-medium">Pending invitations</h2>
      <ul className="grid gap-2">
        {invitations.data.map((i) => (
          <li key={i.organization.id} className="grid gap-1 rounded-md border p-2 text-sm">
            <span className="font-medium">{i.organization.name}</span>
            <span className="text-xs text-muted-foreground">
              {i.invited_by ? `Invited by ${i.invited_by}` : 'Invited'} · backend {backendOf(i)}
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                aria-label={`Accept ${i.organization.name}`}
                loading={accept.isPending && accept.variables === i.organization.id}
                onClick={() => accept.mutate(i.organization.id)}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Decline ${i.organization.name}`}
                loading={decline.isPending && decline.variables === i.organization.id}
                onClick={() => decline.mutate(i.organization.id)}
              >
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
