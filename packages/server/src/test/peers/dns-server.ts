// A loopback DNS server over UDP answering from a fixed zone, with CNAME chasing and NXDOMAIN for
// unknown names, so dns checks run against a real server without the public network (wire format by `dns-packet`).
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket } from 'dns-packet';

/** Zone data: owner name → records (type name and data as `dns-packet` encodes them). */
export type Zone = Record<string, Array<{ type: string; data: unknown; ttl?: number }>>;

export interface DnsPeer {
  port: number;
  /** Questions received, as "NAME TYPE". */
  queries: string[];
  close(): Promise<void>;
}

/** Answers the fixtures ask the public resolvers (8.8.8.8, 1.1.1.1) for, plus SRV/AAAA examples. */
export const FIXTURE_ZONE: Zone = {
  '1.2.3.4.nip.io': [{ type: 'A', data: '1.2.3.4' }],
  '1.1.1.1.in-addr.arpa': [{ type: 'PTR', data: 'one.one.one.one.' }],
  'dns.google': [
    { type: 'A', data: '8.8.8.8' },
    { type: 'A', data: '8.8.4.4' },
  ],
  'google.com': [
    { type: 'MX', data: { preference: 10, exchange: 'smtp.google.com.' } },
    { type: 'A', data: '142.250.0.1' },
  ],
  'flanksource.com': [
    { type: 'TXT', data: ['v=spf1 include:_spf.google.com ~all'] },
    { type: 'NS', data: 'gina.ns.cloudflare.com.' },
    { type: 'NS', data: 'walt.ns.cloudflare.com.' },
  ],
  'www.example.test': [{ type: 'CNAME', data: 'web.example.test.' }],
  'web.example.test': [
    { type: 'A', data: '10.0.0.7' },
    { type: 'AAAA', data: '2001:db8::7' },
  ],
  '_http._tcp.example.test': [{ type: 'SRV', data: { priority: 10, weight: 5, port: 8080, target: 'web.example.test.' } }],
};

/** Starts the server on a free loopback UDP port. */
export async function startDnsServer(zone: Zone = FIXTURE_ZONE): Promise<DnsPeer> {
  const records = new Map<string, Answer[]>();
  for (const [name, list] of Object.entries(zone)) {
    const owner = name.toLowerCase().replace(/\.$/, '');
    records.set(owner, list.map((r) => ({ name: owner, type: r.type, class: 'IN', ttl: r.ttl ?? 300, data: r.data }) as Answer));
  }
  const queries: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (buf, from) => {
    let msg: DecodedPacket;
    try {
      msg = dnsPacket.decode(buf);
    } catch {
      return;
    }
    const q = msg.questions?.[0];
    if (!q) return;
    queries.push(`${q.name}. ${q.type}`);
    const { answers, found } = answer(records, q.name.toLowerCase().replace(/\.$/, ''), q.type);
    // RD and RA set; rcode 3 (NXDOMAIN) in the low bits when the name is unknown.
    const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (found ? 0 : 3);
    const reply = dnsPacket.encode({ type: 'response', id: msg.id, flags, questions: [q], answers });
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return {
    port: (socket.address() as AddressInfo).port,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function answer(records: Map<string, Answer[]>, name: string, type: string): { answers: Answer[]; found: boolean } {
  const answers: Answer[] = [];
  let owner = name;
  for (let i = 0; i < 8; i++) {
    const here = records.get(owner);
    if (!here) return { answers, found: answers.length > 0 };
    const matching = here.filter((r) => r.type === type);
    const cname = here.find((r) => r.type === 'CNAME');
    if (matching.length > 0 || cname?.type !== 'CNAME') return { answers: [...answers, ...matching], found: true };
    answers.push(cname);
    owner = cname.data.toLowerCase().replace(/\.$/, '');
  }
  return { answers, found: true };
}
