import { PLAYBOOK_MESSAGES, type PlaybookParameterWire } from '@ops/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, Spinner } from '../../../components/ui';
import { ParamsForm } from '../params/params-form';

export interface ParametersSectionProps {
  formId: string;
  /** The playbook runs on a resource and none is chosen yet: nothing to resolve the defaults against. */
  waitingForResource: boolean;
  params: UseQueryResult<{ params: PlaybookParameterWire[] }>;
  /** A key that changes with the playbook and resource, so the form starts over with the new defaults. */
  formKey: string;
  onSubmit: (params: Record<string, unknown>) => void;
  onValidChange: (valid: boolean) => void;
}

/** The Playbook Parameters section: a prompt, a spinner, an error, the no-parameters text or the form. */
export function ParametersSection({ formId, waitingForResource, params, formKey, onSubmit, onValidChange }: ParametersSectionProps) {
  if (waitingForResource) return <p className="text-sm text-muted-foreground">{PLAYBOOK_MESSAGES.selectResource}</p>;
  if (params.isPending) return <Spinner label="Loading parameters" />;
  if (params.error) return <ErrorState error={params.error} onRetry={() => void params.refetch()} />;
  const list = params.data?.params ?? [];
  return (
    <>
      {list.length === 0 && <p className="text-sm text-muted-foreground">{PLAYBOOK_MESSAGES.noParameters}</p>}
      <ParamsForm key={formKey} formId={formId} params={list} onSubmit={onSubmit} onValidChange={onValidChange} />
    </>
  );
}
