import { scrapeConfigSchema } from '@ops/shared';
import { Save, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CodeEditor, type EditorDiagnostic } from '../../../components/code-editor';
import { Button } from '../../../components/ui';

export interface ScraperEditorProps {
  initial: string;
  readOnly: boolean;
  saving: boolean;
  onSave: (text: string) => void;
  onDelete?: (() => void) | undefined;
  extra?: ReactNode;
  /** The generic form's button texts: 'Update' for a stored scraper, 'Save' for a new one (default 'Save'). */
  existing?: boolean;
}

/** The Spec tab: the ScrapeConfig YAML, checked against its JSON schema as you type; Save is off while it has errors. */
export function ScraperEditor({ initial, readOnly, saving, onSave, onDelete, extra, existing = false }: ScraperEditorProps) {
  const [text, setText] = useState(initial);
  const [problems, setProblems] = useState<EditorDiagnostic[]>([]);
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <div className="flex flex-col gap-3">
      <CodeEditor
        value={text}
        onChange={setText}
        language="yaml"
        schema={scrapeConfigSchema}
        onDiagnostics={setProblems}
        readOnly={readOnly}
        size="large"
        aria-label="Scraper spec"
      />
      {!readOnly && (
        <div className="flex items-center gap-2">
          {onDelete && (
            <Button variant="destructive" className="mr-auto" onClick={onDelete}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
          {extra}
          <Button onClick={() => onSave(text)} loading={saving} disabled={errors > 0 || text.trim() === ''} className="ml-auto">
            <Save aria-hidden /> {existing ? (saving ? 'Updating' : 'Update') : saving ? 'Saving' : 'Save'}
          </Button>
        </div>
      )}
    </div>
  );
}
