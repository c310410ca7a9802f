import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { CodeEditorProps } from './code-editor-props';
import type { EditorDiagnostic } from './diagnostics';
import { baseExtensions, languageExtension, lintExtension, readOnlyExtension } from './editor-extensions';
import { CODE_EDITOR_HEIGHTS } from './editor-sizes';
import { editorTheme } from './editor-theme';
import { ProblemList } from './problem-list';
import { useDarkMode } from './use-dark-mode';

/**
 * CodeMirror 6 for YAML/JSON. Loaded only through React.lazy (see code-editor.tsx) so CodeMirror stays
 * out of the first-load bundle. Options live in compartments and are swapped without re-creating the view.
 */
export default function CodeEditorImpl(props: CodeEditorProps) {
  const { value, onChange, onDiagnostics, language = 'yaml', readOnly = false, size = 'medium', showProblems = true } = props;
  // Keyed on content: a schema written inline in JSX must not re-run the checks on every render.
  const schemaKey = JSON.stringify(props.schema ?? null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => props.schema, [schemaKey]);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({
    language: new Compartment(),
    readOnly: new Compartment(),
    lint: new Compartment(),
    theme: new Compartment(),
  });
  const callbacks = useRef({ onChange, onDiagnostics });
  const [problems, setProblems] = useState<EditorDiagnostic[]>([]);
  const dark = useDarkMode();

  useEffect(() => {
    callbacks.current = { onChange, onDiagnostics };
  }, [onChange, onDiagnostics]);

  const report = useRef((found: EditorDiagnostic[]) => {
    setProblems(found);
    callbacks.current.onDiagnostics?.(found);
  });

  // Create the view once; later prop changes reconfigure it below.
  useEffect(() => {
    const c = compartments.current;
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          baseExtensions(),
          c.language.of(languageExtension(language)),
          c.readOnly.of(readOnlyExtension(readOnly)),
          c.lint.of(lintExtension(language, schema, report.current)),
          c.theme.of(editorTheme(dark)),
          EditorView.contentAttributes.of(ariaAttributes(props)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const c = compartments.current;
    view.current?.dispatch({
      effects: [
        c.language.reconfigure(languageExtension(language)),
        c.readOnly.reconfigure(readOnlyExtension(readOnly)),
        c.lint.reconfigure(lintExtension(language, schema, report.current)),
      ],
    });
  }, [language, readOnly, schema]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(editorTheme(dark)) });
  }, [dark]);

  const select = (p: EditorDiagnostic) => {
    view.current?.dispatch({ selection: { anchor: p.from, head: p.to }, scrollIntoView: true });
    view.current?.focus();
  };

  return (
    <div
      className={cn('flex flex-col overflow-hidden rounded-md border', CODE_EDITOR_HEIGHTS[size], props.className)}
      data-language={language}
    >
      <div ref={host} className="min-h-0 flex-1 overflow-hidden" />
      {showProblems && <ProblemList problems={problems} onSelect={select} />}
    </div>
  );
}

/** The accessible name of the editable area (CodeMirror's content element is the textbox). */
function ariaAttributes(props: CodeEditorProps): Record<string, string> {
  const attrs: Record<string, string> = { 'aria-multiline': 'true' };
  if (props['aria-label']) attrs['aria-label'] = props['aria-label'];
  if (props['aria-labelledby']) attrs['aria-labelledby'] = props['aria-labelledby'];
  if (props.id) attrs.id = props.id;
  return attrs;
}
