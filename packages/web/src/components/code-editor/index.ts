// Lazy code editor: importing this does not load CodeMirror; rendering <CodeEditor> does.
export * from './code-editor';
export type * from './code-editor-props';
export type { EditorDiagnostic, EditorLanguage } from './diagnostics';
export * from './editor-sizes';
