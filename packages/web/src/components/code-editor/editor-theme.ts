import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

// The default palette is made for white backgrounds; these are its dark-background counterparts.
const DARK_COLORS: Record<string, string> = {
  '#404740': '#a9b1d6',
  '#708': '#c792ea',
  '#219': '#bb9af7',
  '#164': '#9ece6a',
  '#a11': '#e5a06b',
  '#e40': '#ff9e64',
  '#00f': '#7dcfff',
  '#30a': '#b4a7ff',
  '#085': '#73daca',
  '#167': '#7dcfff',
  '#256': '#89ddff',
  '#00c': '#7aa2f7',
  '#940': '#8b949e',
  '#f00': '#ff6b6b',
};

const darkHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => ({ ...spec, color: spec.color ? (DARK_COLORS[spec.color] ?? spec.color) : undefined })),
  { themeType: 'dark' },
);

/** Editor chrome from the app's design tokens, so it follows the light/dark variables by itself. */
function chrome(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': { backgroundColor: 'var(--card)', color: 'var(--card-foreground)', height: '100%', fontSize: '0.8125rem' },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5' },
      '.cm-content': { caretColor: 'var(--foreground)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
      '.cm-gutters': { backgroundColor: 'var(--muted)', color: 'var(--muted-foreground)', borderRight: '1px solid var(--border)' },
      '.cm-activeLine': { backgroundColor: dark ? 'rgb(255 255 255 / 0.04)' : 'rgb(0 0 0 / 0.03)' },
      '.cm-activeLineGutter': { backgroundColor: dark ? 'rgb(255 255 255 / 0.06)' : 'rgb(0 0 0 / 0.05)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
        backgroundColor: dark ? 'rgb(122 162 247 / 0.3)' : 'rgb(59 130 246 / 0.22)',
      },
      '.cm-tooltip': { backgroundColor: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)' },
      '.cm-panels': { backgroundColor: 'var(--muted)', color: 'var(--foreground)' },
    },
    { dark },
  );
}

/** Everything that differs between the light and dark editor: chrome and syntax colours. */
export function editorTheme(dark: boolean): Extension {
  return [chrome(dark), syntaxHighlighting(dark ? darkHighlightStyle : defaultHighlightStyle, { fallback: false })];
}
