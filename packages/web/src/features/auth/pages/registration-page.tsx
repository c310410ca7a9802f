import { IDENTITY_TITLES, type RegistrationFlow } from '@ops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../../lib/return-to';
import { AuthCard } from '../components/auth-card';
import { FlowBody } from '../components/flow-body';
import { successTarget } from '../flow/success-target';
import { useFlow } from '../flow/use-flow';
import { useGoTo } from '../flow/use-go-to';

/** /registration ('Create account'): open only when the server allows it; success signs the person in. */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const client = useQueryClient();
  const go = useGoTo();
  const state = useFlow<RegistrationFlow>({
    kind: 'registration',
    params: { return_to: returnTo },
    returnTo,
    onSuccess: (data) => {
      client.clear();
      go(successTarget(data, state.flow?.return_to, returnTo));
    },
  });
  return (
    <AuthCard
      title={IDENTITY_TITLES.registration}
      links={
        <Link to={`/login?return_to=${encodeURIComponent(returnTo)}`} className="text-primary hover:underline">
          Sign in
        </Link>
      }
    >
      <FlowBody state={state} sections={[['profile', 'password'], ['webauthn'], ['oidc']]} id="registration" />
    </AuthCard>
  );
}
