import { useState, type ReactNode } from 'react';
import { formTypeOf, newScraperValues, starterYaml, toScraperYaml } from './scraper-form-model';
import { ScraperTabsEditor } from './scraper-tabs-editor';
import { ScraperTypePicker } from './scraper-type-picker';
import { scraperTypeInfo } from './scraper-types';

export interface ScraperEditorProps {
  initial: string;
  readOnly: boolean;
  saving: boolean;
  onSave: (text: string) => void;
  onDelete?: (() => void) | undefined;
  extra?: ReactNode;
  /** A stored scraper: no type picker, and the button texts 'Update'/'Updating' (default a new one: 'Save'). */
  existing?: boolean;
}

/** The starting document of a new scraper of a type: the form's defaults, or the type's starter YAML. */
function startingYaml(type: string): string {
  return scraperTypeInfo(type)?.fields ? toScraperYaml(newScraperValues(type)) : starterYaml(type);
}

/**
 * The Spec tab: a new scraper first picks its type; then Form and Code tabs over the ScrapeConfig. A
 * stored scraper opens on Form when the form can show it, else on Code.
 */
export function ScraperEditor({ initial, readOnly, saving, onSave, onDelete, extra, existing = false }: ScraperEditorProps) {
  const [picked, setPicked] = useState<string>();
  if (!existing && !readOnly && !picked) return <ScraperTypePicker onPick={setPicked} />;
  const start = !existing && picked ? startingYaml(picked) : initial;
  return (
    <ScraperTabsEditor
      key={picked ?? 'stored'}
      initial={start}
      startOn={formTypeOf(start) ? 'form' : 'code'}
      readOnly={readOnly}
      saving={saving}
      existing={existing}
      onSave={onSave}
      onDelete={onDelete}
      extra={extra}
    />
  );
}
