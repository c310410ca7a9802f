// The texts a connection's secrets can take inside other strings (a composed channel URL, a driver's error
// message): the value itself, URL-encoded, and for a secret that is a URL (a webhook) its path, query and
// path segments, which are what carry the token and what services reformat into their own URLs.

// Very short values would blank out ordinary words; they cannot be told apart from them. Path segments
// must be longer still: tokens and ids are, while `api` or `hooks` also name the host.
const MIN_LENGTH = 3;
const MIN_SEGMENT_LENGTH = 8;

/** Every text to hide for these secret values, longest first (so a longer form is replaced whole). */
export function secretTexts(values: ReadonlyArray<string | null | undefined>): string[] {
  const out = new Set<string>();
  const add = (t: string, min = MIN_LENGTH) => {
    if (t.length >= min) out.add(t);
  };
  for (const v of values) {
    if (!v) continue;
    add(v);
    add(encodeURIComponent(v));
    if (!/^https?:\/\//i.test(v)) continue;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      continue; // not a URL after all: the value itself is enough
    }
    add(url.pathname + url.search);
    add(url.pathname);
    add(url.search.slice(1));
    for (const segment of url.pathname.split('/')) {
      add(segment, MIN_SEGMENT_LENGTH);
      for (const part of segment.split('@')) add(part, MIN_SEGMENT_LENGTH);
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/** `text` with every one of `texts` replaced by `replacement` (a function of the hidden text, or a fixed text). */
export function hideTexts(text: string, texts: readonly string[], replacement: string | ((hidden: string) => string)): string {
  let out = text;
  for (const t of texts) out = out.split(t).join(typeof replacement === 'string' ? replacement : replacement(t));
  return out;
}
