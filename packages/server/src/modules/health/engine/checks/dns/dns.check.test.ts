import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startDnsServer, type DnsPeer } from '../../../../../test/peers/dns-server.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';
import { reverseName } from './client.js';

let peer: DnsPeer;
beforeAll(async () => {
  peer = await startDnsServer();
});
afterAll(() => peer.close());

const ask = (entry: Record<string, unknown>) => runEntry('dns', { server: '127.0.0.1', port: peer.port, ...entry });

describe('dns reverse names', () => {
  it('builds reverse names for IPv4 and IPv6', () => {
    expect(reverseName('1.2.3.4')).toBe('4.3.2.1.in-addr.arpa.');
    expect(reverseName('2001:db8::1')).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa.');
  });
});

describe('dns check', () => {
  it('answers each query type in Go resolver form', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['A', '1.2.3.4.nip.io', ['1.2.3.4']],
      ['AAAA', 'www.example.test', ['2001:db8::7']],
      ['CNAME', 'www.example.test', ['web.example.test.']],
      ['CNAME', 'dns.google', ['dns.google.']],
      ['PTR', '1.1.1.1', ['one.one.one.one.']],
      ['MX', 'google.com', ['smtp.google.com. 10']],
      ['NS', 'flanksource.com', ['gina.ns.cloudflare.com.', 'walt.ns.cloudflare.com.']],
      ['SRV', '_http._tcp.example.test', ['web.example.test. 8080 10 5']],
      ['TXT', 'flanksource.com', ['v=spf1 include:_spf.google.com ~all']],
    ];
    for (const [querytype, query, expected] of cases) {
      const r = await ask({ query, querytype, exactreply: expected, minrecords: 1 });
      expect([querytype, r.pass, r.data.records]).toEqual([querytype, true, expected]);
    }
  });

  it('follows CNAMEs for A queries', async () => {
    expect((await ask({ query: 'www.example.test', querytype: 'A' })).data.records).toEqual(['10.0.0.7']);
  });

  it('fails on too few records, a different exact reply, NXDOMAIN and timeouts', async () => {
    expect(await ask({ query: 'flanksource.com', querytype: 'NS', minrecords: 3 })).toMatchObject({
      pass: false,
      error: 'NS flanksource.com on 127.0.0.1: returned 2 results, expecting 3',
    });
    expect((await ask({ query: '1.2.3.4.nip.io', exactreply: ['5.6.7.8'] })).error).toBe(
      'A 1.2.3.4.nip.io on 127.0.0.1: Got [1.2.3.4], expected [5.6.7.8]',
    );
    expect((await ask({ query: 'missing.test' })).error).toBe(`lookup missing.test. on 127.0.0.1:${peer.port}: no such host`);
    const silent = await runEntry('dns', { server: '127.0.0.1', port: await closedPort(), query: 'a.test', timeout: 1 });
    expect(silent.pass).toBe(false);
  });
});
