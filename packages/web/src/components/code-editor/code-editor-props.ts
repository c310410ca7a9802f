import type { ZodType } from 'zod';
import type { EditorDiagnostic, EditorLanguage } from './diagnostics';
import type { CodeEditorSize } from './editor-sizes';

export interface CodeEditorProps {
  value: string;
  /** Called with the whole text after each edit. */
  onChange?: (value: string) => void;
  /** 'yaml' (default) or 'json'. */
  language?: EditorLanguage;
  /** Text can be selected and copied but not changed. */
  readOnly?: boolean;
  /** very-small, small, medium (default), large or full (fills the parent). */
  size?: CodeEditorSize;
  /** zod schema the document(s) must satisfy (the spec's own, from @ops/shared); problems show inline and in the list below. */
  schema?: ZodType;
  /** Receives the problems after each check (e.g. to disable a Save button while there are errors). */
  onDiagnostics?: (problems: EditorDiagnostic[]) => void;
  /** Show the list of problems under the editor; default true. */
  showProblems?: boolean;
  /** id of the editable element, for <label htmlFor>-style wiring via aria-labelledby. */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
}
