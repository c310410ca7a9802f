// mysql connection strings: the Go driver's DSN that canary-checker specs carry
// (`user:pass@tcp(host:port)/db?tls=true`) and mysql:// / mariadb:// URLs, as mysql2 options.
import { parseHostPort } from '../host-port.js';

/** The mysql2 connection options a DSN names. */
export interface MysqlTarget {
  host?: string;
  port?: number;
  socketPath?: string;
  user: string;
  password: string;
  database: string;
  ssl?: { rejectUnauthorized: boolean };
}

/** Parses a DSN or URL; a string answer says what is wrong with it. */
export function parseMysqlDsn(text: string): MysqlTarget | string {
  if (/^(mysql|mariadb):\/\//i.test(text)) return fromUrl(text);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return `"${text.split('://')[0]}://" is not a mysql URL (use user:pass@tcp(host:port)/db or mysql://)`;
  // Go driver: [user[:password]@][net[(addr)]]/dbname[?params]; the last "/" ends the address
  // and the last "@" before it ends the credentials, so passwords may hold "/" and "@".
  const q = text.indexOf('?', text.lastIndexOf('/'));
  const main = q < 0 ? text : text.slice(0, q);
  const slash = main.lastIndexOf('/');
  if (slash < 0) return 'invalid DSN: missing the slash separating the database name';
  const at = main.lastIndexOf('@', slash);
  const userinfo = at < 0 ? '' : main.slice(0, at);
  const colon = userinfo.indexOf(':');
  const netAddr = main.slice(at + 1, slash);
  const m = /^([a-z0-9]*)(?:\((.*)\))?$/i.exec(netAddr);
  if (!m) return `invalid DSN: "${netAddr}" is not net(addr), e.g. tcp(host:3306)`;
  const net = (m[1] || 'tcp').toLowerCase();
  const addr = m[2] ?? '';
  const base = {
    user: colon < 0 ? userinfo : userinfo.slice(0, colon),
    password: colon < 0 ? '' : userinfo.slice(colon + 1),
    database: main.slice(slash + 1),
    ...tls(new URLSearchParams(q < 0 ? '' : text.slice(q + 1)).get('tls')),
  };
  if (net === 'unix') return { ...base, socketPath: addr || '/tmp/mysql.sock' };
  if (net !== 'tcp' && net !== 'tcp6' && net !== 'tcp4') return `invalid DSN: network "${net}" is not tcp or unix`;
  if (addr === '') return { ...base, host: '127.0.0.1', port: 3306 };
  const hp = parseHostPort(addr);
  if (hp) return { ...base, ...hp };
  if (/^[^\s:/@]+$|^\[[^\]]+\]$/.test(addr)) return { ...base, host: addr.replace(/^\[(.*)\]$/, '$1'), port: 3306 };
  return `invalid DSN: "${addr}" is not host:port`;
}

function fromUrl(text: string): MysqlTarget | string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return `"${text.replace(/\/\/[^@/]*@/, '//')}" is not a valid URL`;
  }
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    ...tls(u.searchParams.get('tls') ?? u.searchParams.get('ssl')),
  };
}

/** The Go driver's tls parameter: true verifies, skip-verify encrypts without verifying; preferred
 * (TLS when the server offers it) connects in plain text, since mysql2 has no such fallback. */
function tls(value: string | null): { ssl?: { rejectUnauthorized: boolean } } {
  const v = (value ?? '').toLowerCase();
  if (v === 'true') return { ssl: { rejectUnauthorized: true } };
  if (v === 'skip-verify') return { ssl: { rejectUnauthorized: false } };
  return {};
}
