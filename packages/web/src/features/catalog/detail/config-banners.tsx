import type { ConfigDetailRow } from '@ops/shared';
import { formatRelativeTime } from '@ops/shared';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { isStaleScrape } from '../lib/stale-scrape';

/** The deleted state and the 'Last scraped' warning of a config. */
export function ConfigBanners({ config }: { config: ConfigDetailRow }) {
  return (
    <>
      {config.deleted_at && (
        <p role="status" className="flex items-center gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
          <Trash2 aria-hidden className="size-4 text-destructive" />
          <span>
            This config was deleted{' '}
            <time dateTime={config.deleted_at} title={new Date(config.deleted_at).toLocaleString()}>
              {formatRelativeTime(config.deleted_at)}
            </time>
            . Its details show the last state scraped.
          </span>
        </p>
      )}
      {isStaleScrape(config) && (
        <p role="status" className="flex items-center gap-2 rounded-md border border-warning/35 bg-warning/10 px-3 py-2 text-sm">
          <AlertTriangle aria-hidden className="size-4 text-warning" />
          <span>
            Last scraped{' '}
            <time dateTime={config.last_scraped_time ?? undefined} title={new Date(config.last_scraped_time ?? '').toLocaleString()}>
              {formatRelativeTime(config.last_scraped_time)}
            </time>
            : this config may be out of date.
          </span>
        </p>
      )}
    </>
  );
}
