/** Ancestor ids of a component from its path (dot- or slash-joined ids, root first), without itself. */
export function ancestorIds(path: string | null | undefined, selfId: string): string[] {
  if (!path) return [];
  return path
    .split(/[./]/)
    .map((s) => s.trim())
    .filter((s) => s && s !== selfId);
}

/** Breadcrumbs: 'Dashboard', then the ancestors in path order (names where known, else the id). */
export function topologyCrumbs(
  ancestors: readonly string[],
  names: ReadonlyMap<string, string>,
  currentId: string,
): { label: string; to: string }[] {
  const ref = `?refererId=${encodeURIComponent(currentId)}`;
  return [
    { label: 'Dashboard', to: `/topology${ancestors.length ? '' : ref}` },
    ...ancestors.map((id, i) => ({
      label: names.get(id) ?? id,
      to: `/topology/${encodeURIComponent(id)}${i === ancestors.length - 1 ? ref : ''}`,
    })),
  ];
}
