import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../ui';
import type { CodeEditorProps } from './code-editor-props';
import { CODE_EDITOR_HEIGHTS } from './editor-sizes';

// A dynamic import: CodeMirror, the YAML parser and the schema checks load only when an editor renders.
const CodeEditorImpl = lazy(() => import('./code-editor-impl'));

/** Placeholder of the editor's size while its code loads, so the page does not jump. */
function EditorLoading({ size = 'medium', className }: Pick<CodeEditorProps, 'size' | 'className'>) {
  return (
    <div className={cn('flex items-center justify-center rounded-md border bg-card', CODE_EDITOR_HEIGHTS[size], className)}>
      <Spinner label="Loading editor" />
    </div>
  );
}

/** YAML/JSON code editor with JSON-schema validation and inline diagnostics (CodeMirror 6, lazy-loaded). */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EditorLoading size={props.size} className={props.className} />}>
      <CodeEditorImpl {...props} />
    </Suspense>
  );
}

/** Read-only code viewer for specs and details; same look as the editor. */
export function CodeViewer(props: Omit<CodeEditorProps, 'readOnly' | 'onChange'>) {
  return <CodeEditor {...props} readOnly />;
}
