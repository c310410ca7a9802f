import { clsx, type ClassValue } from 'clsx';

// Utility groups where a later class replaces an earlier one, so a caller's `className="w-20"`
// beats a primitive's default `w-full`. Covers sizing, spacing, radius and layout basics only.
const GROUPS: [RegExp, string][] = [
  [/^(min-w|max-w|min-h|max-h|size|w|h)-/, '$1'],
  [/^(p|px|py|pt|pr|pb|pl|m|mx|my|mt|mr|mb|ml|gap-x|gap-y|gap)-/, '$1'],
  [/^rounded$/, 'rounded'],
  [/^rounded-(none|xs|sm|md|lg|xl|2xl|3xl|full)$/, 'rounded'],
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents)$/, 'display'],
  [/^text-(xs|sm|base|lg|xl|[2-9]xl)$/, 'font-size'],
  [/^(justify|items|self)-/, '$1'],
  [/^flex-(1|auto|initial|none)$/, 'flex'],
];

function groupOf(utility: string): string | null {
  for (const [re, key] of GROUPS) {
    const m = utility.match(re);
    if (m) return key.replace('$1', m[1] ?? '');
  }
  return null;
}

/** Split 'dark:hover:!w-4' into its variant prefix 'dark:hover:' and utility 'w-4' (ignoring '!' and '-'). */
function parts(token: string): [string, string] {
  const i = token.lastIndexOf(':');
  const variant = i >= 0 ? token.slice(0, i + 1) : '';
  const utility = token
    .slice(i + 1)
    .replace(/^!/, '')
    .replace(/^-/, '');
  return [variant, utility];
}

/**
 * Joins class names (strings, arrays, {class: condition} maps), skipping falsy ones; when two
 * classes of the same group and variant collide (w-full then w-20), the later one wins.
 */
export function cn(...inputs: ClassValue[]): string {
  const tokens = clsx(inputs).split(' ').filter(Boolean);
  const lastIndex = new Map<string, number>();
  tokens.forEach((t, i) => {
    const [variant, utility] = parts(t);
    const group = groupOf(utility);
    if (group) lastIndex.set(variant + group, i);
  });
  return tokens
    .filter((t, i) => {
      const [variant, utility] = parts(t);
      const group = groupOf(utility);
      return !group || lastIndex.get(variant + group) === i;
    })
    .join(' ');
}
