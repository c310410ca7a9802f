import { Badge } from '../../../components/ui';
import { SCRAPER_TYPES } from './scraper-types';

export interface ScraperTypePickerProps {
  onPick: (type: string) => void;
}

/** A new scraper starts here: its type, sorted by label; types without a form open as code (badge YAML). */
export function ScraperTypePicker({ onPick }: ScraperTypePickerProps) {
  return (
    <section aria-labelledby="scraper-type-title" className="flex flex-col gap-3">
      <h2 id="scraper-type-title" className="text-sm font-semibold">
        Choose the type of scraper
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label="Scraper types">
        {SCRAPER_TYPES.map((t) => (
          <li key={t.key}>
            <button
              type="button"
              aria-label={t.label}
              title={t.fields ? undefined : 'Edited as YAML'}
              onClick={() => onPick(t.key)}
              className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex-1 truncate">{t.label}</span>
              {!t.fields && (
                <Badge variant="outline" aria-hidden>
                  YAML
                </Badge>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
