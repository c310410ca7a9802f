import { IDENTITY_TITLES, type LoginFlow } from '@ops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../../lib/return-to';
import { useAuthConfig } from '../api/auth-config';
import { AuthCard } from '../components/auth-card';
import { FlowBody } from '../components/flow-body';
import { SignOutLink } from '../components/sign-out-link';
import { flowBody, initialValues, nodesOf } from '../flow/flow-nodes';
import { PENDING_LOGIN_NODES } from '../flow/pending-login-nodes';
import { successTarget } from '../flow/success-target';
import { useFlow } from '../flow/use-flow';
import { useGoTo } from '../flow/use-go-to';

/** The title for a login flow: re-authentication, second factor, or plain sign-in. */
export function loginTitle(
  flow: Pick<LoginFlow, 'refresh' | 'requested_aal'> | null,
  aalParam: string | null,
  refreshParam: string | null,
): string {
  if (flow ? flow.refresh : refreshParam === 'true') return IDENTITY_TITLES.refresh;
  if ((flow ? flow.requested_aal : aalParam) === 'aal2') return IDENTITY_TITLES.aal2;
  return IDENTITY_TITLES.login;
}

/** /login: the login flow's forms; `?username=&password=` signs in at once; returns to a same-origin return_to. */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const client = useQueryClient();
  const go = useGoTo();
  const config = useAuthConfig();
  const aal = params.get('aal') === 'aal2' ? 'aal2' : undefined;
  const refresh = params.get('refresh') === 'true';
  const state = useFlow<LoginFlow>({
    kind: 'login',
    params: { return_to: returnTo, refresh, aal },
    returnTo,
    onSuccess: (data) => {
      client.clear(); // a new session: nothing cached from a previous one may leak
      go(successTarget(data, state.flow?.return_to, returnTo));
    },
  });
  const { flow, submit } = state;

  // Automatic sign-in from the query string, once; the password leaves the address bar first.
  const autoTried = useRef(false);
  useEffect(() => {
    const username = params.get('username');
    const password = params.get('password');
    if (!flow || autoTried.current || !username || !password) return;
    autoTried.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('password');
        return next;
      },
      { replace: true },
    );
    const nodes = nodesOf(flow.ui.nodes, ['password']);
    void submit(flowBody(nodes, { ...initialValues(nodes), identifier: username, password }, { name: 'method', value: 'password' }));
  }, [flow, params, setParams, submit]);

  const secondStep = !!flow && (flow.refresh || flow.requested_aal === 'aal2');
  return (
    <AuthCard
      title={loginTitle(flow, params.get('aal'), params.get('refresh'))}
      links={
        secondStep ? (
          <SignOutLink returnTo={returnTo} />
        ) : (
          <>
            <Link to="/recovery" className="text-primary hover:underline">
              Reset password
            </Link>
            {config.data?.registration && (
              <Link to="/registration" className="text-primary hover:underline">
                Create account
              </Link>
            )}
          </>
        )
      }
    >
      <FlowBody
        state={state}
        sections={[['password'], ['totp'], ['lookup_secret'], ['webauthn'], ['oidc']]}
        initial={params.get('username') ? { identifier: params.get('username') } : undefined}
        id="login"
        // First-factor sign-in can be typed before its flow arrives; a second step waits for its flow.
        pending={aal || refresh ? undefined : PENDING_LOGIN_NODES}
      />
    </AuthCard>
  );
}
