// A one-question DNS client over UDP (node:dgram): the dns check must ask a given server directly,
// which node:dns cannot do with a port other than 53 per query and without the system cache.
import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import { decodeMessage, encodeQuery, type DnsMessage } from './wire.js';

const RCODES: Record<number, string> = { 1: 'format error', 2: 'server failure', 3: 'no such host', 4: 'not implemented', 5: 'refused' };

/** Sends one query to server:port and waits for the matching answer. */
export function queryDns(
  server: string,
  port: number,
  name: string,
  type: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DnsMessage> {
  return new Promise((resolve, reject) => {
    const id = randomInt(0, 0x10000);
    const socket = createSocket(isIP(server) === 6 ? 'udp6' : 'udp4');
    const finish = (err: Error | undefined, msg?: DnsMessage) => {
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
      let msg: DnsMessage;
      try {
        msg = decodeMessage(buf);
      } catch (err) {
        return finish(new Error(`lookup ${name} on ${server}:${port}: ${(err as Error).message}`));
      }
      if (msg.id !== id) return; // a stray or late answer to another query
      const rcode = msg.flags & 0xf;
      if (rcode !== 0) return finish(new Error(`lookup ${name} on ${server}:${port}: ${RCODES[rcode] ?? `rcode ${rcode}`}`));
      finish(undefined, msg);
    });
    socket.send(encodeQuery(id, name, type), port, server, (err) => err && finish(err));
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
