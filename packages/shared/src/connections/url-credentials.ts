/**
 * The URL with the username and password as its user part when it has none. Drivers such as `pg` let a
 * connection string's (empty) user win over credentials given beside it, so a connection whose URL and
 * credentials are stored apart (as the form keeps them) must be joined before it is used.
 */
export function withCredentials(url: string, username: string | undefined, password: string | undefined): string {
  if (!username || /\/\/[^/]*@/.test(url)) return url;
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(.*)$/is.exec(url);
  if (!m) return url; // not a URL (a key=value string): the driver reads it as it is
  const user = encodeURIComponent(username) + (password ? `:${encodeURIComponent(password)}` : '');
  return `${m[1]}${user}@${m[2]}`;
}
