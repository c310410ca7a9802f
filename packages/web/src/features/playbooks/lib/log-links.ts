/** A piece of a log line: plain text, or a link the pane may make clickable. */
export type LinePart = { text: string; href?: undefined } | { text: string; href: string };

// Only http and https are linked: a `javascript:` or `file:` text in a log stays text.
const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence, not the URL ("see https://x.io/a.").
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits a line into text and http/https links (trailing punctuation stays text). */
export function splitLinks(line: string): LinePart[] {
  // Most log lines hold no link: skip the expression for them.
  if (!/https?:\/\//i.test(line)) return line ? [{ text: line }] : [];
  const parts: LinePart[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_RE)) {
    const url = match[0].replace(TRAILING, '');
    const at = match.index;
    if (!URL.canParse(url)) continue;
    if (at > last) parts.push({ text: line.slice(last, at) });
    parts.push({ text: url, href: url });
    last = at + url.length;
  }
  if (last < line.length) parts.push({ text: line.slice(last) });
  return parts;
}
