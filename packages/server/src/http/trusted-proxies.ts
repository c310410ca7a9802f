import { isIP } from 'node:net';
import { ConfigError } from '../config.js';

// proxy-addr's names for address ranges, accepted as well as IPs and CIDRs.
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's `trustProxy` from OPS_TRUSTED_PROXIES: false (believe no X-Forwarded-* header) unless proxies
 * are listed, so request.ip, request.protocol and request.host cannot be forged by a client.
 */
export function trustProxyOption(value: string | undefined): false | string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return false;
  for (const entry of entries) {
    const [ip = '', prefix, extra] = entry.split('/');
    const family = isIP(ip);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!NAMED.has(entry) && (!family || !prefixOk || extra !== undefined)) {
      throw new ConfigError(`Invalid configuration:\n  OPS_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8)`);
    }
  }
  return entries;
}
