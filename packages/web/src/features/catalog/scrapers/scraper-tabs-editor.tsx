import { scrapeConfigSchema } from '@ops/shared';
import { Save, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { CodeEditor, type EditorDiagnostic } from '../../../components/code-editor';
import { Form, useAppForm } from '../../../components/form';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { ScraperFormFields } from './scraper-form-fields';
import {
  fromScraperYaml,
  newScraperValues,
  toResolverErrors,
  toScraperYaml,
  validateScraperForm,
  type ScraperFormValues,
} from './scraper-form-model';
import { ScraperRetentionFields } from './scraper-retention-fields';

const resolver: Resolver<ScraperFormValues> = async (values) => {
  const errors = validateScraperForm(values);
  return Object.keys(errors).length ? { values: {}, errors: toResolverErrors(errors) as never } : { values, errors: {} };
};

export interface ScraperTabsEditorProps {
  /** The ScrapeConfig YAML to start from. */
  initial: string;
  /** Open on the Form tab (a form-based type whose document the form can show) or on Code. */
  startOn: 'form' | 'code';
  readOnly: boolean;
  saving: boolean;
  existing: boolean;
  onSave: (text: string) => void;
  onDelete?: (() => void) | undefined;
  extra?: ReactNode;
}

/**
 * A scraper's Form and Code tabs over one ScrapeConfig: switching carries the values across (Code → Form
 * only when the YAML is one entry of a form-based type; otherwise Code stays open with why). Save sends
 * the YAML of the open tab.
 */
export function ScraperTabsEditor({ initial, startOn, readOnly, saving, existing, onSave, onDelete, extra }: ScraperTabsEditorProps) {
  const parsed = fromScraperYaml(initial);
  const form = useAppForm<ScraperFormValues>({
    defaultValues: 'values' in parsed ? parsed.values : newScraperValues('kubernetes'),
    resolver,
  });
  const [view, setView] = useState<'form' | 'code'>(startOn === 'form' && 'values' in parsed ? 'form' : 'code');
  const [code, setCode] = useState(initial);
  const [codeError, setCodeError] = useState<string>();
  const [problems, setProblems] = useState<EditorDiagnostic[]>([]);
  const codeErrors = problems.filter((p) => p.severity === 'error').length;
  const type = form.watch('type');

  const switchView = (next: string): void => {
    if (next === view) return;
    if (next === 'code') {
      setCode(toScraperYaml(form.getValues()));
      setCodeError(undefined);
    } else {
      const result = fromScraperYaml(code);
      if ('error' in result) return setCodeError(result.error);
      form.reset(result.values, { keepDefaultValues: true });
      setCodeError(undefined);
    }
    setView(next as 'form' | 'code');
  };
  // On Code the text is saved as typed (the schema checks it as you type); on Form the values validate first.
  const beforeSubmit = (): boolean => {
    if (view !== 'code') return true;
    onSave(code);
    return false;
  };

  return (
    <Form
      form={form}
      onSubmit={(values) => onSave(toScraperYaml(values))}
      beforeSubmit={beforeSubmit}
      aria-label="Scraper"
      className="flex flex-col gap-3"
    >
      <Tabs value={view} onValueChange={switchView}>
        <TabsList aria-label="Editor mode">
          <TabsTrigger value="form">Form</TabsTrigger>
          <TabsTrigger value="code">Code</TabsTrigger>
        </TabsList>
        <TabsContent value="form" className="flex flex-col gap-4">
          {view === 'form' && (
            <>
              <ScraperFormFields type={type} readOnly={readOnly} />
              <ScraperRetentionFields readOnly={readOnly} />
            </>
          )}
        </TabsContent>
        <TabsContent value="code">
          <CodeEditor
            value={code}
            onChange={setCode}
            language="yaml"
            schema={scrapeConfigSchema}
            onDiagnostics={setProblems}
            readOnly={readOnly}
            size="large"
            aria-label="Scraper spec"
          />
          {codeError && (
            <p role="alert" className="mt-1 text-sm text-destructive">
              {codeError}
            </p>
          )}
        </TabsContent>
      </Tabs>
      {!readOnly && (
        <div className="flex items-center gap-2">
          {onDelete && (
            <Button variant="destructive" className="mr-auto" onClick={onDelete}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
          {extra}
          <Button type="submit" loading={saving} disabled={view === 'code' && (codeErrors > 0 || code.trim() === '')} className="ml-auto">
            <Save aria-hidden /> {existing ? (saving ? 'Updating' : 'Update') : saving ? 'Saving' : 'Save'}
          </Button>
        </div>
      )}
    </Form>
  );
}
