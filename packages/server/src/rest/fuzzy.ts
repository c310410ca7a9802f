/** Similarity of two names (Sørensen–Dice over bigrams), 0..1; used for "Perhaps you meant" hints. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x.length < 2 || y.length < 2) return x === y ? 1 : 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) {
    const g = x.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let hits = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const g = y.slice(i, i + 2);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      grams.set(g, n - 1);
      hits++;
    }
  }
  return (2 * hits) / (x.length + y.length - 2);
}

/** Edit distance (insert, delete, substitute), for short names only. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The candidate closest to `name`: similar by bigrams (≥ `min`) or a typo away; never `name` itself. */
export function closest(name: string, candidates: Iterable<string>, min = 0.5): string | undefined {
  let best: string | undefined;
  let score = 0;
  const typos = Math.max(1, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (c === name || Math.abs(c.length - name.length) > typos + 3) continue;
    const dice = similarity(name, c);
    const near = name.length <= 64 && editDistance(name.toLowerCase(), c.toLowerCase()) <= typos;
    const s = near ? Math.max(dice, min) + 0.001 : dice;
    if (s >= min && s > score) {
      best = c;
      score = s;
    }
  }
  return best;
}
