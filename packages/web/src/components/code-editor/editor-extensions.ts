import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintGutter, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import type { ZodType } from 'zod';
import { computeDiagnostics, type EditorDiagnostic, type EditorLanguage } from './diagnostics';

/** The editing basics (what CodeMirror's basicSetup holds, minus search and autocompletion). */
export function baseExtensions(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    EditorState.tabSize.of(2),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap, indentWithTab]),
  ];
}

/** Syntax support for the language. */
export function languageExtension(language: EditorLanguage): Extension {
  return language === 'json' ? json() : yaml();
}

/** Read-only keeps the text selectable and copyable but refuses edits. */
export function readOnlyExtension(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.contentAttributes.of({ 'aria-readonly': String(readOnly) })];
}

/**
 * Inline diagnostics (underline + gutter marker) from syntax and schema (zod) checks; every run also
 * reports the list through `report`, so the component can show it and forms can block saving.
 */
export function lintExtension(language: EditorLanguage, schema: ZodType | undefined, report: (d: EditorDiagnostic[]) => void): Extension {
  const source = (view: EditorView): Diagnostic[] => {
    const found = computeDiagnostics(view.state.doc.toString(), language, schema);
    report(found);
    return found.map(({ from, to, severity, message }) => ({ from, to, severity, message }));
  };
  return [linter(source, { delay: 250 }), lintGutter()];
}
