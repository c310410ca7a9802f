import type { AccessTokenRow } from '@ops/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DateCell } from '../../../components/data-table';
import { Badge, ConfirmDialog, ErrorState, IconButton, Spinner } from '../../../components/ui';
import { useAccessTokenMutations, useAccessTokens } from '../api/tokens-api';
import { CreateTokenForm } from './create-token-form';
import { SettingsSection } from './settings-section';

/**
 * Personal access tokens: create (value shown once), list, revoke. Usable as `Authorization: Bearer <token>`.
 * The list also shows the short-lived organisation tokens the console minted, marked, so they can be revoked.
 */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const { create, revoke } = useAccessTokenMutations();
  const [revoking, setRevoking] = useState<AccessTokenRow | null>(null);
  return (
    <SettingsSection title="Personal Access Tokens" description="Tokens for the API and the CLI, sent as Authorization: Bearer <token>.">
      <CreateTokenForm creating={create.isPending} onCreate={(body) => create.mutateAsync(body)} />
      {tokens.isPending && <Spinner />}
      {tokens.error && <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />}
      {tokens.data && tokens.data.length === 0 && <p className="text-sm text-muted-foreground">You have no personal access tokens.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <table aria-label="Personal access tokens" className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1.5 font-medium">Name</th>
              <th className="py-1.5 font-medium">Created</th>
              <th className="py-1.5 font-medium">Expires</th>
              <th className="py-1.5 font-medium">Last Used</th>
              <th className="sr-only">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {tokens.data.map((t) => (
              <tr key={t.id}>
                <td className="py-1.5 font-medium">
                  {t.name}
                  {t.organization && (
                    <Badge variant="info" className="ml-2" title="Short-lived token for an organization's backend, minted by the console">
                      Organization token · {t.organization.name}
                    </Badge>
                  )}
                </td>
                <td className="py-1.5">
                  <DateCell value={t.created_at} />
                </td>
                <td className="py-1.5">{t.expires_at ? new Date(t.expires_at).toLocaleDateString() : 'Never'}</td>
                <td className="py-1.5">{t.last_used_at ? <DateCell value={t.last_used_at} /> : 'Never'}</td>
                <td className="py-1.5 text-right">
                  <IconButton label={`Revoke ${t.name}`} icon={<Trash2 />} className="text-destructive" onClick={() => setRevoking(t)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke token"
        description={`Revoke ${revoking?.name ?? ''}? ${revoking?.organization ? 'The console asks for a new one when it still needs it.' : 'Scripts that use it stop working.'}`}
        confirmLabel="Revoke"
        destructive
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
      />
    </SettingsSection>
  );
}
