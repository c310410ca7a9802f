import { useState } from 'react';
import { Button, Dialog } from '../../../components/ui';
import { GITOPS_CHARTS, type GitOpsOption } from '../gitops/gitops-charts';
import type { DirectOption } from './direct-options';
import { GitOpsInstallPanel } from './gitops-install-panel';
import { IntegrationOptionList } from './integration-option-list';

/**
 * Add Integration (full size): 'Add Directly' links to the areas' own editors; an 'Add via GitOps' chart shows
 * its install panel. Everything is built in the browser: opening, editing and closing call no server.
 */
export function AddIntegrationDialog({ direct, onClose }: { direct: readonly DirectOption[]; onClose: () => void }) {
  const [selected, setSelected] = useState<GitOpsOption | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add Integration"
      size="full"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="grid gap-6 md:grid-cols-[18rem_minmax(0,1fr)]">
        <IntegrationOptionList direct={direct} selected={selected} onSelect={setSelected} />
        {selected ? (
          <GitOpsInstallPanel key={selected} chart={GITOPS_CHARTS[selected]} />
        ) : (
          <p className="self-center text-center text-sm text-muted-foreground">
            Pick an area to add an integration to directly, or a chart to install with Flux or Helm.
          </p>
        )}
      </div>
    </Dialog>
  );
}
