// Points canary-checker fixtures at our loopback peers instead of the public network:
// httpbin.flanksource.com → the httpbin peer, public DNS servers → the DNS peer, public tcp hosts
// → a loopback listener, icmp hosts → an address that never answers (the fixtures expect failure).

/** Where the peers listen. */
export interface PeerAddresses {
  httpPort: number;
  httpsPort: number;
  dnsPort: number;
  tcpPort: number;
  /** A loopback address whose pings go unanswered (see silent-ping.ts); never an address off this machine. */
  silentHost: string;
}

const HTTPBIN = /(https?):\/\/([^/@\s]*@)?httpbin\.flanksource\.com/g;

/** A deep copy of a Canary object with every public target replaced. */
export function rewriteFixture(doc: unknown, peers: PeerAddresses): unknown {
  const copy = rewriteStrings(doc, (s) =>
    s.replace(
      HTTPBIN,
      (_, scheme: string, user = '') => `${scheme}://${user}127.0.0.1:${scheme === 'https' ? peers.httpsPort : peers.httpPort}`,
    ),
  );
  const spec = (copy as { spec?: Record<string, unknown> }).spec ?? {};
  for (const entry of list(spec.dns)) {
    entry.server = '127.0.0.1';
    entry.port = peers.dnsPort;
  }
  for (const entry of list(spec.tcp)) {
    // Only well-formed host:port endpoints move; malformed ones stay so validation still sees them.
    if (typeof entry.endpoint === 'string' && /^[^\s:/]+:\d+$/.test(entry.endpoint)) entry.endpoint = `127.0.0.1:${peers.tcpPort}`;
  }
  for (const entry of list(spec.icmp)) {
    if (typeof entry.endpoint === 'string') entry.endpoint = entry.endpoint.replace(/^((?:[a-z]+:\/\/)?)[^/:]+/i, `$1${peers.silentHost}`);
  }
  return copy;
}

function list(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v) ? (v.filter((e) => e && typeof e === 'object') as Array<Record<string, unknown>>) : [];
}

function rewriteStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => rewriteStrings(x, f));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewriteStrings(x, f)]));
  return v;
}
