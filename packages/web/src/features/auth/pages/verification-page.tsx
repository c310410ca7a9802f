import { IDENTITY_TITLES, type VerificationFlow } from '@ops/shared';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FlowBody } from '../components/flow-body';
import { useCodeFromLink } from '../flow/use-code-from-link';
import { useFlow } from '../flow/use-flow';

/** /verification ('Verify your account'): e-mail → code; 410 or 403 start it over. */
export function VerificationPage() {
  const state = useFlow<VerificationFlow>({ kind: 'verification', params: {}, returnTo: '/' });
  useCodeFromLink(state);
  return (
    <AuthCard
      title={IDENTITY_TITLES.verification}
      links={
        <Link to="/" className="text-primary hover:underline">
          Go back
        </Link>
      }
    >
      <FlowBody state={state} sections={[['code', 'link']]} id="verification" />
    </AuthCard>
  );
}
