import { IDENTITY_TITLES, type RecoveryFlow } from '@ops/shared';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FlowBody } from '../components/flow-body';
import { useCodeFromLink } from '../flow/use-code-from-link';
import { useFlow } from '../flow/use-flow';

/**
 * /recovery ('Recover account'): e-mail → a code by mail → the code; the server then signs the person
 * in and redirects (422 browser_location_change_required) to /profile-settings to set a new password.
 */
export function RecoveryPage() {
  const state = useFlow<RecoveryFlow>({ kind: 'recovery', params: {}, returnTo: '/' });
  useCodeFromLink(state);
  return (
    <AuthCard
      title={IDENTITY_TITLES.recovery}
      links={
        <>
          <Link to="/login" className="text-primary hover:underline">
            Sign in
          </Link>
          <Link to="/" className="text-primary hover:underline">
            Go back
          </Link>
        </>
      }
    >
      <FlowBody state={state} sections={[['code', 'link']]} id="recovery" />
    </AuthCard>
  );
}
