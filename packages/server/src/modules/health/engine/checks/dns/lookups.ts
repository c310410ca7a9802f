// The answers of each query type in the form Go's resolver returns them (canary-checker compares
// these strings with exactreply): names end with a dot, MX is "host. pref", TXT joins its strings.
import type { Answer, DecodedPacket, MxData, RecordType, SrvData } from 'dns-packet';
import { queryDns, reverseName } from './client.js';

/** Where and how long to ask. */
export interface LookupTarget {
  server: string;
  port: number;
  timeoutMs: number;
  signal: AbortSignal;
}

type Lookup = (query: string, t: LookupTarget) => Promise<string[]>;

const fqdn = (name: string) => (name.endsWith('.') ? name : name + '.');
const ask = (t: LookupTarget, name: string, type: RecordType) => queryDns(t.server, t.port, fqdn(name), type, t.timeoutMs, t.signal);
const same = (a: string, b: string) => fqdn(a).toLowerCase() === fqdn(b).toLowerCase();

/** The name at the end of the CNAME chain that starts at `name` (the name itself when it has none). */
function canonicalName(msg: DecodedPacket, name: string): string {
  let owner = fqdn(name);
  for (let i = 0; i < 16; i++) {
    const cname = msg.answers?.find((r) => r.type === 'CNAME' && same(r.name, owner));
    if (cname?.type !== 'CNAME') break;
    owner = fqdn(cname.data);
  }
  return owner;
}

/** Records of `type` owned by the query name or by the end of its CNAME chain. */
function chained(msg: DecodedPacket, name: string, type: RecordType): Answer[] {
  const owner = canonicalName(msg, name);
  return (msg.answers ?? []).filter((r) => r.type === type && same(r.name, owner));
}

const dataOf = <T>(records: Answer[]) => records.map((r) => (r as Answer & { data: T }).data);

const addresses =
  (type: RecordType): Lookup =>
  async (query, t) =>
    dataOf<string>(chained(await ask(t, query, type), query, type));

const names =
  (type: RecordType): Lookup =>
  async (query, t) =>
    dataOf<string>(chained(await ask(t, query, type), query, type)).map(fqdn);

/** Lookups by query type (upper case). */
export const LOOKUPS: Record<string, Lookup> = {
  A: addresses('A'),
  AAAA: addresses('AAAA'),
  // Go's LookupCNAME: the canonical name after following CNAMEs, or the name itself when it has none.
  CNAME: async (query, t) => [canonicalName(await ask(t, query, 'A'), query)],
  PTR: async (query, t) => names('PTR')(reverseName(query) ?? query, t),
  MX: async (query, t) => {
    const records = dataOf<MxData>(chained(await ask(t, query, 'MX'), query, 'MX'));
    return records
      .sort((a, b) => (a.preference ?? 0) - (b.preference ?? 0))
      .map((mx) => `${fqdn(mx.exchange)} ${mx.preference ?? 0}`);
  },
  NS: names('NS'),
  TXT: async (query, t) =>
    dataOf<Array<string | Buffer> | string | Buffer>(chained(await ask(t, query, 'TXT'), query, 'TXT')).map((d) =>
      (Array.isArray(d) ? d : [d]).map((s) => s.toString()).join(''),
    ),
  SRV: async (query, t) => {
    const records = dataOf<SrvData>(chained(await ask(t, query, 'SRV'), query, 'SRV'));
    return records
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || (b.weight ?? 0) - (a.weight ?? 0))
      .map((s) => `${fqdn(s.target)} ${s.port} ${s.priority ?? 0} ${s.weight ?? 0}`);
  },
};
