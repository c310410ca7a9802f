// A one-question DNS client over UDP (node:dgram, wire format by `dns-packet`): the dns check must ask a
// given server directly, which node:dns cannot do with a port other than 53 per query and without the system cache.
import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import dnsPacket, { type DecodedPacket, type RecordType } from 'dns-packet';

const RCODES: Record<string, string> = {
  FORMERR: 'format error',
  SERVFAIL: 'server failure',
  NXDOMAIN: 'no such host',
  NOTIMP: 'not implemented',
  REFUSED: 'refused',
};

/** Sends one query to server:port and waits for the matching answer. */
export function queryDns(
  server: string,
  port: number,
  name: string,
  type: RecordType,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DecodedPacket> {
  return new Promise((resolve, reject) => {
    const id = randomInt(0, 0x10000);
    const socket = createSocket(isIP(server) === 6 ? 'udp6' : 'udp4');
    const finish = (err: Error | undefined, msg?: DecodedPacket) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.close();
      if (err) reject(err);
      else resolve(msg!);
    };
    const onAbort = () => finish(new Error('aborted'));
    const timer = setTimeout(
      () => finish(new Error(`lookup ${name} on ${server}:${port}: i/o timeout after ${timeoutMs}ms`)),
      Math.max(1, timeoutMs),
    );
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (err) => finish(err));
    socket.on('message', (buf) => {
      let msg: DecodedPacket;
      try {
        msg = dnsPacket.decode(buf);
      } catch (err) {
        return finish(new Error(`lookup ${name} on ${server}:${port}: malformed answer (${(err as Error).message})`));
      }
      if (msg.id !== id) return; // a stray or late answer to another query
      const rcode = (msg as DecodedPacket & { rcode?: string }).rcode ?? 'NOERROR';
      if (rcode !== 'NOERROR') return finish(new Error(`lookup ${name} on ${server}:${port}: ${RCODES[rcode] ?? rcode}`));
      finish(undefined, msg);
    });
    const query = dnsPacket.encode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type }] });
    socket.send(query, port, server, (err) => err && finish(err));
  });
}

/** The reverse-lookup name of an IP address (1.2.3.4 → 4.3.2.1.in-addr.arpa.). */
export function reverseName(ip: string): string | undefined {
  if (isIP(ip) === 4) return ip.split('.').reverse().join('.') + '.in-addr.arpa.';
  if (isIP(ip) === 6) {
    const full = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    const [head = '', tail] = full.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array<string>(tail === undefined ? 0 : 8 - h.length - t.length).fill('0'), ...t];
    const nibbles = groups
      .map((g) => g.padStart(4, '0'))
      .join('')
      .split('');
    return nibbles.reverse().join('.') + '.ip6.arpa.';
  }
  return undefined;
}
