import { FileJson } from 'lucide-react';
import { useState } from 'react';
import { stringify } from 'yaml';
import { CodeViewer } from '../../../components/code-editor';
import { Button, Dialog, EmptyState } from '../../../components/ui';

/** The Params button of the run page: the run's parameter values as YAML (secrets come masked from the server). */
export function RunParamsDialog({ parameters }: { parameters: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  const empty = Object.keys(parameters).length === 0;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FileJson aria-hidden /> Params
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Params" size="lg">
        {empty ? (
          <EmptyState title="No parameters" description="This run was started without parameters." />
        ) : (
          <CodeViewer aria-label="Parameters" value={stringify(parameters)} size="medium" />
        )}
      </Dialog>
    </>
  );
}
