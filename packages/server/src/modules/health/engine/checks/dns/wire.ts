// The DNS wire format (RFC 1035) for the record types the dns check speaks: encode a message
// (queries from the client, answers from the test peer) and decode one, following name compression.
import { isIP } from 'node:net';

export const RECORD_TYPES = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33 } as const;
export type RecordTypeName = keyof typeof RECORD_TYPES;
const TYPE_NAMES = new Map<number, RecordTypeName>(Object.entries(RECORD_TYPES).map(([k, v]) => [v, k as RecordTypeName]));

/** Decoded record data: addresses and names as text (names end with a dot), others structured. */
export type RecordData =
  | string
  | string[]
  | { preference: number; exchange: string }
  | { priority: number; weight: number; port: number; target: string }
  | Buffer;

export interface DnsRecord {
  name: string;
  type: number;
  class: number;
  ttl: number;
  data: RecordData;
}

export interface DnsQuestion {
  name: string;
  type: number;
}

export interface DnsMessage {
  id: number;
  /** Header flags word; rcode is its low 4 bits. */
  flags: number;
  questions: DnsQuestion[];
  answers: DnsRecord[];
}

/** The type code of a name ("MX" → 15), or undefined. */
export function typeCode(name: string): number | undefined {
  return RECORD_TYPES[name.toUpperCase() as RecordTypeName];
}

/** The name of a type code (15 → "MX"), or TYPE<n>. */
export function typeName(code: number): string {
  return TYPE_NAMES.get(code) ?? `TYPE${code}`;
}

/** Encodes a message without compression. */
export function encodeMessage(msg: DnsMessage): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(msg.id, 0);
  header.writeUInt16BE(msg.flags, 2);
  header.writeUInt16BE(msg.questions.length, 4);
  header.writeUInt16BE(msg.answers.length, 6);
  parts.push(header);
  for (const q of msg.questions) parts.push(encodeName(q.name), u16(q.type), u16(1));
  for (const r of msg.answers) {
    const data = encodeData(r.type, r.data);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(r.type, 0);
    fixed.writeUInt16BE(r.class, 2);
    fixed.writeUInt32BE(r.ttl, 4);
    fixed.writeUInt16BE(data.length, 8);
    parts.push(encodeName(r.name), fixed, data);
  }
  return Buffer.concat(parts);
}

/** A standard recursive query for one name and type. */
export function encodeQuery(id: number, name: string, type: number): Buffer {
  return encodeMessage({ id, flags: 0x0100, questions: [{ name, type }], answers: [] });
}

/** Decodes a message; throws on truncated or malformed input. */
export function decodeMessage(buf: Buffer): DnsMessage {
  if (buf.length < 12) throw new Error('DNS message shorter than its header');
  const id = buf.readUInt16BE(0);
  const flags = buf.readUInt16BE(2);
  const qd = buf.readUInt16BE(4);
  const an = buf.readUInt16BE(6);
  let off = 12;
  const questions: DnsQuestion[] = [];
  for (let i = 0; i < qd; i++) {
    const [name, next] = readName(buf, off);
    questions.push({ name, type: buf.readUInt16BE(next) });
    off = next + 4;
  }
  const answers: DnsRecord[] = [];
  for (let i = 0; i < an; i++) {
    const [name, next] = readName(buf, off);
    if (next + 10 > buf.length) throw new Error('DNS record header runs past the message');
    const type = buf.readUInt16BE(next);
    const len = buf.readUInt16BE(next + 8);
    const start = next + 10;
    if (start + len > buf.length) throw new Error('DNS record data runs past the message');
    answers.push({
      name,
      type,
      class: buf.readUInt16BE(next + 2),
      ttl: buf.readUInt32BE(next + 4),
      data: decodeData(buf, type, start, len),
    });
    off = start + len;
  }
  return { id, flags, questions, answers };
}

function decodeData(buf: Buffer, type: number, start: number, len: number): RecordData {
  switch (type) {
    case RECORD_TYPES.A:
      return [...buf.subarray(start, start + 4)].join('.');
    case RECORD_TYPES.AAAA:
      return ipv6Text(buf.subarray(start, start + 16));
    case RECORD_TYPES.CNAME:
    case RECORD_TYPES.NS:
    case RECORD_TYPES.PTR:
      return readName(buf, start)[0];
    case RECORD_TYPES.MX:
      return { preference: buf.readUInt16BE(start), exchange: readName(buf, start + 2)[0] };
    case RECORD_TYPES.SRV:
      return {
        priority: buf.readUInt16BE(start),
        weight: buf.readUInt16BE(start + 2),
        port: buf.readUInt16BE(start + 4),
        target: readName(buf, start + 6)[0],
      };
    case RECORD_TYPES.TXT: {
      const strings: string[] = [];
      for (let p = start; p < start + len;) {
        const n = buf[p]!;
        strings.push(buf.toString('utf8', p + 1, p + 1 + n));
        p += 1 + n;
      }
      return strings;
    }
    default:
      return Buffer.from(buf.subarray(start, start + len));
  }
}

function encodeData(type: number, data: RecordData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  switch (type) {
    case RECORD_TYPES.A:
      return Buffer.from(String(data).split('.').map(Number));
    case RECORD_TYPES.AAAA:
      return ipv6Bytes(String(data));
    case RECORD_TYPES.CNAME:
    case RECORD_TYPES.NS:
    case RECORD_TYPES.PTR:
      return encodeName(String(data));
    case RECORD_TYPES.MX: {
      const mx = data as { preference: number; exchange: string };
      return Buffer.concat([u16(mx.preference), encodeName(mx.exchange)]);
    }
    case RECORD_TYPES.SRV: {
      const s = data as { priority: number; weight: number; port: number; target: string };
      return Buffer.concat([u16(s.priority), u16(s.weight), u16(s.port), encodeName(s.target)]);
    }
    case RECORD_TYPES.TXT:
      return Buffer.concat(
        (Array.isArray(data) ? data : [String(data)]).map((s) => {
          const b = Buffer.from(s, 'utf8');
          return Buffer.concat([Buffer.from([b.length]), b]);
        }),
      );
    default:
      throw new Error(`cannot encode record type ${type}`);
  }
}

/** Reads a possibly compressed name at `off`; returns it (with a trailing dot) and the offset after it. */
function readName(buf: Buffer, off: number): [string, number] {
  const labels: string[] = [];
  let p = off;
  let end = -1;
  for (let jumps = 0; ;) {
    if (p >= buf.length) throw new Error('DNS name runs past the message');
    const len = buf[p]!;
    if (len === 0) {
      if (end < 0) end = p + 1;
      break;
    }
    if ((len & 0xc0) === 0xc0) {
      if (++jumps > 64) throw new Error('DNS name compression loop');
      if (end < 0) end = p + 2;
      p = ((len & 0x3f) << 8) | buf[p + 1]!;
      continue;
    }
    labels.push(buf.toString('latin1', p + 1, p + 1 + len));
    p += 1 + len;
  }
  return [labels.length === 0 ? '.' : labels.join('.') + '.', end];
}

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  const parts = labels.map((l) => {
    const b = Buffer.from(l, 'latin1');
    if (b.length > 63) throw new Error(`DNS label "${l}" is longer than 63 bytes`);
    return Buffer.concat([Buffer.from([b.length]), b]);
  });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function ipv6Text(b: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(b.readUInt16BE(i).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

function ipv6Bytes(text: string): Buffer {
  if (isIP(text) !== 6) throw new Error(`"${text}" is not an IPv6 address`);
  const [head = '', tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(tail === undefined ? 0 : 8 - h.length - t.length).fill('0'), ...t];
  return Buffer.concat(groups.map((g) => u16(parseInt(g, 16))));
}
