// The answers of each query type in the form Go's resolver returns them (canary-checker compares
// these strings with exactreply): names end with a dot, MX is "host. pref", TXT joins its strings.
import { queryDns, reverseName } from './client.js';
import { RECORD_TYPES, type DnsMessage, type DnsRecord } from './wire.js';

/** Where and how long to ask. */
export interface LookupTarget {
  server: string;
  port: number;
  timeoutMs: number;
  signal: AbortSignal;
}

type Lookup = (query: string, t: LookupTarget) => Promise<string[]>;

const fqdn = (name: string) => (name.endsWith('.') ? name : name + '.');
const ask = (t: LookupTarget, name: string, type: number) => queryDns(t.server, t.port, fqdn(name), type, t.timeoutMs, t.signal);

/** The name at the end of the CNAME chain that starts at `name` (the name itself when it has none). */
function canonicalName(msg: DnsMessage, name: string): string {
  let owner = fqdn(name);
  for (let i = 0; i < 16; i++) {
    const cname = msg.answers.find((r) => r.type === RECORD_TYPES.CNAME && r.name.toLowerCase() === owner.toLowerCase());
    if (!cname) break;
    owner = String(cname.data);
  }
  return owner;
}

/** Records of `type` owned by the query name or by the end of its CNAME chain. */
function chained(msg: DnsMessage, name: string, type: number): DnsRecord[] {
  const owner = canonicalName(msg, name).toLowerCase();
  return msg.answers.filter((r) => r.type === type && r.name.toLowerCase() === owner);
}

const addresses =
  (type: number): Lookup =>
  async (query, t) =>
    chained(await ask(t, query, type), query, type).map((r) => String(r.data));

/** Lookups by query type (upper case). */
export const LOOKUPS: Record<string, Lookup> = {
  A: addresses(RECORD_TYPES.A),
  AAAA: addresses(RECORD_TYPES.AAAA),
  // Go's LookupCNAME: the canonical name after following CNAMEs, or the name itself when it has none.
  CNAME: async (query, t) => [canonicalName(await ask(t, query, RECORD_TYPES.A), query)],
  PTR: async (query, t) => {
    const name = reverseName(query) ?? query;
    return chained(await ask(t, name, RECORD_TYPES.PTR), name, RECORD_TYPES.PTR).map((r) => String(r.data));
  },
  MX: async (query, t) => {
    const records = chained(await ask(t, query, RECORD_TYPES.MX), query, RECORD_TYPES.MX).map(
      (r) => r.data as { preference: number; exchange: string },
    );
    return records.sort((a, b) => a.preference - b.preference).map((mx) => `${mx.exchange} ${mx.preference}`);
  },
  NS: async (query, t) => chained(await ask(t, query, RECORD_TYPES.NS), query, RECORD_TYPES.NS).map((r) => String(r.data)),
  TXT: async (query, t) =>
    chained(await ask(t, query, RECORD_TYPES.TXT), query, RECORD_TYPES.TXT).map((r) => (r.data as string[]).join('')),
  SRV: async (query, t) => {
    const records = chained(await ask(t, query, RECORD_TYPES.SRV), query, RECORD_TYPES.SRV).map(
      (r) => r.data as { priority: number; weight: number; port: number; target: string },
    );
    return records
      .sort((a, b) => a.priority - b.priority || b.weight - a.weight)
      .map((s) => `${s.target} ${s.port} ${s.priority} ${s.weight}`);
  },
};
