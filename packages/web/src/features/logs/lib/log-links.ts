/** A piece of a log message: plain text, or an http(s) link to render as <a>. */
export type MessagePart = { text: string; href?: undefined } | { text: string; href: string };

// Only http and https are linked: javascript:, file: or data: in a log line must never become a link.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits a message into text and http/https links (trailing punctuation stays text). One part when it has none. */
export function splitLinks(message: string): MessagePart[] {
  if (!message.includes('http')) return [{ text: message }];
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ text: message.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < message.length) parts.push({ text: message.slice(last) });
  return parts;
}
