import type { LoginSuccess } from '@ops/shared';
import { safeReturnTo, sameOriginPath } from '../../../lib/return-to';

/**
 * Where to go after signing in or registering: the server's redirect_browser_to hint, else the
 * flow's return_to, else the page's return_to; only addresses on this origin are honoured, and a
 * return_to never leads back to sign-in.
 */
export function successTarget(data: unknown, flowReturnTo: string | undefined, pageReturnTo: string): string {
  const hints = (data as Partial<LoginSuccess> | null)?.continue_with ?? [];
  for (const hint of hints) {
    // The server's own hint may be the second-factor page, which carries return_to on (a return_to given
    // by a link may not point at sign-in, the hint may).
    if (hint.action === 'redirect_browser_to') return sameOriginPath(hint.redirect_browser_to);
    if (hint.action === 'show_verification_ui') return `/verification?flow=${encodeURIComponent(hint.flow.id)}`;
  }
  return flowReturnTo ? safeReturnTo(flowReturnTo) : pageReturnTo;
}
