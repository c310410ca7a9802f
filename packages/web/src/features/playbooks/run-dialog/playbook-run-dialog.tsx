import { PLAYBOOK_MESSAGES } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { ParametersSection } from './parameters-section';
import { ResourcePicker } from './resource-picker';
import { fetchRunParams, runDialogKeys, runPlaybook } from './run-api';
import { resourceRef, targetSelectors, type RunDialogPlaybook, type RunDialogResource } from './run-target';

export interface PlaybookRunDialogProps {
  playbook?: RunDialogPlaybook | undefined;
  /** The resource the run is for; when absent and the playbook targets resources, the user picks one. */
  resource?: RunDialogResource | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Runs a playbook: the Resource section (given, or picked among what the playbook's selectors match), the
 * Playbook Parameters with their rendered defaults and rules, then Run; a started run opens its page. Every
 * opening starts fresh (no resource or values kept from the last one).
 */
export function PlaybookRunDialog(props: PlaybookRunDialogProps) {
  if (!props.open) return null;
  const key = `${props.playbook?.id ?? ''}:${JSON.stringify(resourceRef(props.resource))}`;
  return <RunDialog key={key} {...props} />;
}

function RunDialog({ playbook, resource, onOpenChange }: PlaybookRunDialogProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const formId = useId();
  const [picked, setPicked] = useState<RunDialogResource>();
  const [valid, setValid] = useState(false);
  const selectors = useMemo(() => targetSelectors(playbook?.spec), [playbook?.spec]);
  const pickable = !resource && Object.keys(selectors).length > 0;
  const target = resource ?? picked;
  const ref = resourceRef(target);
  const waitingForResource = pickable && !picked;
  const params = useQuery({
    queryKey: runDialogKeys.params(playbook?.id ?? '', ref),
    queryFn: ({ signal }) => fetchRunParams(playbook!.id, ref, signal),
    enabled: !!playbook?.id && !waitingForResource,
    staleTime: 0,
    retry: false,
  });
  const run = useMutation({
    mutationFn: (values: Record<string, unknown>) => runPlaybook({ id: playbook!.id, ...ref, params: values }),
    onSuccess: async (res) => {
      onOpenChange(false);
      await navigate(`/playbooks/runs/${encodeURIComponent(res.run_id)}`);
      void client.invalidateQueries({ queryKey: ['playbooks'] });
    },
    onError: toastError,
  });
  const disabled = !playbook?.id || waitingForResource || !params.data || !valid || run.isPending;
  const title = playbook ? playbook.title || playbook.name : 'Run Playbook';
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="lg"
      title={title}
      description={target ? `Run on ${target.name}` : 'Run playbook'}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={disabled} loading={run.isPending}>
            {!run.isPending && <Play aria-hidden />}
            {run.isPending ? PLAYBOOK_MESSAGES.running : 'Run'}
          </Button>
        </>
      }
    >
      <div className="grid gap-5">
        <Section title="Resource">
          {resource ? (
            <p className="text-sm">
              {resource.name}
              {resource.type && <span className="text-muted-foreground"> ({resource.type})</span>}
            </p>
          ) : pickable ? (
            <ResourcePicker selectors={selectors} value={picked} onChange={setPicked} />
          ) : (
            <p className="text-sm text-muted-foreground">This playbook runs without a resource.</p>
          )}
        </Section>
        <Section title="Playbook Parameters">
          <ParametersSection
            formId={formId}
            waitingForResource={waitingForResource}
            params={params}
            formKey={JSON.stringify(ref)}
            onSubmit={(values) => {
              if (!disabled) run.mutate(values);
            }}
            onValidChange={setValid}
          />
        </Section>
      </div>
    </Dialog>
  );
}

/** A titled part of the dialog; the heading names the region for screen readers and tests. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
