// The client checks answers against @ops/shared's schemas and reads error bodies through them, against a
// loopback HTTP peer that answers what each test sets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';

let peer: Server;
let url: string;
let answer = { status: 200, body: '' };

beforeAll(async () => {
  peer = createServer((_req, res) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

async function ops(args: string[], status: number, body: unknown) {
  answer = { status, body: JSON.stringify(body) };
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: async () => '',
    env: { OPS_SERVER: url },
    cwd: '.',
  });
  return { code, out, err };
}

describe('ApiClient answers', () => {
  it('prints an answer of the declared shape', async () => {
    const kinds = [
      {
        kind: 'FeatureFlag',
        apiVersions: ['ops.console/v1'],
        aliases: ['flags'],
        resource: 'properties',
        namespaced: false,
        supported: true,
        columns: [],
      },
    ];
    expect(await ops(['kinds'], 200, { kinds })).toEqual({
      code: 0,
      err: '',
      out: 'KIND          APIVERSION       SHORTNAMES   NAMESPACED   SUPPORTED\nFeatureFlag   ops.console/v1   flags        false        true\n',
    });
  });

  it('refuses an answer of another shape, naming the first wrong field (exit 1)', async () => {
    const r = await ops(['kinds'], 200, { kinds: [{ kind: 1 }] });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `error: unexpected answer from ${url}/api/resources: kinds.0.kind: Invalid input: expected string, received number\n`,
    );
    const doc = await ops(['get', 'flags', 'a', '-o', 'json'], 200, {
      apiVersion: 'v1',
      kind: 'FeatureFlag',
      metadata: { name: 'a', namespace: 3 },
      spec: {},
    });
    expect(doc.err).toBe(`error: unexpected answer from ${url}/api/resources/flags/a: metadata.namespace: must be a string\n`);
  });

  it("shows an error body's error, else its message, else the text", async () => {
    expect((await ops(['kinds'], 404, { error: 'e', message: 'm' })).err).toBe('Error from server (404): e\n');
    expect((await ops(['kinds'], 400, { code: 'PGRST100', message: 'bad filter', details: null, hint: null })).err).toBe(
      'Error from server (400): bad filter\n',
    );
    expect((await ops(['kinds'], 500, 'plain text')).err).toBe('Error from server (500): "plain text"\n');
  });
});
