// SQL Server connection strings as go-mssqldb (canary-checker's driver) reads them: ADO
// `server=host,1433;user id=u;password=p;database=db` (also `port=`, `host\instance`) and
// `sqlserver://user:pass@host:port/instance?database=db` URLs, as options for the `mssql` package.

/** What the mssql package needs to connect. */
export interface MssqlTarget {
  server: string;
  port?: number;
  instanceName?: string;
  user: string;
  password: string;
  database?: string;
  encrypt: boolean;
  trustServerCertificate: boolean;
}

/** Parses an ADO string or URL; a string answer says what is wrong with it. */
export function parseMssqlConnection(text: string): MssqlTarget | string {
  if (/^(sqlserver|mssql):\/\//i.test(text)) return fromUrl(text);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return `"${text.split('://')[0]}://" is not a SQL Server URL (use sqlserver:// or server=…;user id=…)`;
  const keys = new Map<string, string>();
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return `connection string part "${part.trim().replace(/^(password|pwd)\b.*/i, '$1')}" is not key=value`;
    keys.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const first = (...names: string[]) => names.map((n) => keys.get(n)).find((v) => v !== undefined);
  const address = first('server', 'data source', 'address', 'addr', 'network address');
  if (!address) return 'the connection string names no server (server=host[,port])';
  const m = /^(?:tcp:)?([^\\,]+)(?:\\([^,]*))?(?:,\s*(\d+))?$/i.exec(address);
  if (!m) return `server "${address}" is not host[\\instance][,port]`;
  const portText = m[3] ?? first('port');
  if (portText !== undefined && !/^\d{1,5}$/.test(portText)) return `port "${portText}" is not a number`;
  return {
    server: m[1]!.trim() === '.' || m[1]!.trim() === '(local)' ? 'localhost' : m[1]!.trim(),
    ...(portText ? { port: Number(portText) } : {}),
    ...(m[2] ? { instanceName: m[2] } : {}),
    user: first('user id', 'uid', 'user', 'user name', 'username') ?? '',
    password: first('password', 'pwd') ?? '',
    ...(first('database', 'initial catalog') ? { database: first('database', 'initial catalog') } : {}),
    encrypt: truthy(first('encrypt')),
    trustServerCertificate: truthy(first('trustservercertificate', 'trust server certificate')),
  };
}

function fromUrl(text: string): MssqlTarget | string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return `"${text.replace(/\/\/[^@/]*@/, '//')}" is not a valid URL`;
  }
  const param = (name: string) => [...u.searchParams].find(([k]) => k.toLowerCase() === name)?.[1];
  const instance = decodeURIComponent(u.pathname.slice(1));
  const database = param('database') ?? param('initial catalog');
  return {
    server: u.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    ...(u.port ? { port: Number(u.port) } : {}),
    ...(instance ? { instanceName: instance } : {}),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    ...(database ? { database } : {}),
    encrypt: truthy(param('encrypt')),
    trustServerCertificate: truthy(param('trustservercertificate')),
  };
}

/** go-mssqldb's encrypt values: true/yes/mandatory/strict encrypt; false/no/optional/disable do not. */
function truthy(value: string | undefined): boolean {
  return ['true', 'yes', '1', 'mandatory', 'strict'].includes((value ?? '').toLowerCase());
}
