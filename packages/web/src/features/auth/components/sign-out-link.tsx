import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/notify';
import { logout } from '../api/session-api';

/** 'Sign out' on the second-factor and confirm screens: ends the half-finished session, back to sign-in. */
export function SignOutLink({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const signOut = async (): Promise<void> => {
    setBusy(true);
    try {
      await logout();
      client.clear();
      await navigate(`/login?return_to=${encodeURIComponent(returnTo)}`, { replace: true });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="link" size="sm" className="h-auto p-0" loading={busy} onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
