/** Expanding or collapsing a group moves the nodes over 300 ms. */
export const EXPAND_ANIMATION_MS = 300;

export type Positions = Record<string, { x: number; y: number }>;

/** Ease in-out (cubic): slow start and end, like a natural move. */
export function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/**
 * Where each node starts its move: its old position, or for a node that just appeared the old position of
 * the node it came out of (its group or parent), so expanding looks like the group opening.
 */
export function startPositions(previous: Positions, target: Positions, origin: (id: string) => string | undefined): Positions {
  const out: Positions = {};
  for (const [id, to] of Object.entries(target)) {
    const from = previous[id] ?? (origin(id) !== undefined ? previous[origin(id)!] : undefined);
    out[id] = from ?? to;
  }
  return out;
}

/** The positions `progress` (0..1, eased) of the way from `from` to `to`. */
export function interpolate(from: Positions, to: Positions, progress: number): Positions {
  const t = ease(Math.min(1, Math.max(0, progress)));
  const out: Positions = {};
  for (const [id, end] of Object.entries(to)) {
    const start = from[id] ?? end;
    out[id] = { x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t };
  }
  return out;
}
