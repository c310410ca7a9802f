import { memo } from 'react';
import { splitLinks } from '../lib/log-links';

/** A message with its http/https links as links (opened in a new tab); other text stays text. */
export const LogMessage = memo(function LogMessage({ message }: { message: string }) {
  const parts = splitLinks(message);
  if (parts.length === 1 && !parts[0]!.href) return <>{message}</>;
  return (
    <>
      {parts.map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel="noreferrer noopener" className="text-primary underline underline-offset-2">
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
});
