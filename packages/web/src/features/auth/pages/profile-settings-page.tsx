import { SETTINGS_SECTIONS, type SettingsFlow, type UiNodeGroup } from '@ops/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AuthLayout } from '../components/auth-layout';
import { FlowLoadError } from '../components/flow-body';
import { SignOutLink } from '../components/sign-out-link';
import { FlowForm } from '../flow/flow-form';
import { FlowMessages } from '../flow/flow-messages';
import { hasGroup } from '../flow/flow-nodes';
import { useFlow } from '../flow/use-flow';
import { AccessTokensSection } from '../profile/access-tokens-section';
import { SettingsSection } from '../profile/settings-section';

const GROUPS = Object.keys(SETTINGS_SECTIONS) as (keyof typeof SETTINGS_SECTIONS)[];

/**
 * /profile-settings: the settings flow in its six sections (profile, password, social sign-in, backup
 * codes, TOTP, security keys), each its own form, plus personal access tokens.
 */
export function ProfileSettingsPage() {
  const state = useFlow<SettingsFlow>({ kind: 'settings', params: { return_to: '/profile-settings' }, returnTo: '/profile-settings' });
  const { flow, error, version, submitting, submit, restart } = state;
  // The flow's messages belong to the section just saved; before any save they show at the top.
  const [lastGroup, setLastGroup] = useState<UiNodeGroup | null>(null);
  const sections = flow ? GROUPS.filter((g) => hasGroup(flow.ui.nodes, g)) : [];

  return (
    <AuthLayout>
      <div className="grid w-full max-w-2xl gap-4">
        <div className="flex items-center justify-between gap-3">
          <Link to="/" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> Go back
          </Link>
          <span className="flex min-w-0 items-center gap-3">
            {flow && <span className="truncate text-sm text-muted-foreground">{flow.identity.traits.email}</span>}
            <SignOutLink returnTo="/" />
          </span>
        </div>
        <h1 className="text-xl font-semibold">Your Profile</h1>
        {!!error && !flow && <FlowLoadError error={error} onRetry={restart} />}
        {!flow && !error && <Spinner label="Loading" />}
        {flow && !lastGroup && <FlowMessages messages={flow.ui.messages} />}
        {flow &&
          sections.map((group) => (
            <SettingsSection key={group} title={SETTINGS_SECTIONS[group]}>
              {lastGroup === group && <FlowMessages messages={flow.ui.messages} />}
              <FlowForm
                key={`${version}-${group}`}
                flow={flow}
                groups={[group]}
                defaults="hidden"
                id={`settings-${group}`}
                submitting={submitting}
                onSubmit={(body) => (setLastGroup(group), submit(body))}
              />
            </SettingsSection>
          ))}
        {flow && <AccessTokensSection />}
      </div>
    </AuthLayout>
  );
}
