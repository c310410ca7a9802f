import { requestRaw } from '../../../lib/api-client';

/** The file name from a Content-Disposition header, else a name from the component id. */
export function snapshotFileName(disposition: string | null, id: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : `snapshot-${id}.zip`;
}

/** GET /api/snapshot/topology/{id}?start&related as a Blob with its file name. */
export async function fetchSnapshot(id: string, start: string, related: boolean): Promise<{ blob: Blob; fileName: string }> {
  const res = await requestRaw<unknown>(`/api/snapshot/topology/${encodeURIComponent(id)}`, {
    query: { start, related },
    headers: { accept: 'application/zip, application/octet-stream' },
    timeoutMs: 120_000,
    responseType: 'blob',
  });
  // Duck-typed: a Blob from another realm (tests) fails instanceof but is still a Blob.
  const data = res.data as Blob | null;
  const blob = data && typeof data.arrayBuffer === 'function' ? data : new Blob([String(res.data ?? '')]);
  return { blob, fileName: snapshotFileName(res.headers.get('content-disposition'), id) };
}
