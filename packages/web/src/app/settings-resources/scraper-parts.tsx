import type { ConfigScraperRow } from '@ops/shared';
import { toast } from 'sonner';
import { catalogKeys } from '../../features/catalog/api/catalog-keys';
import { applyScrapeConfig, deleteScrapeConfig, getScraper } from '../../features/catalog/api/scrapers-api';
import { ScraperEditor } from '../../features/catalog/scrapers/scraper-editor';
import { ScraperJobHistory } from '../../features/catalog/scrapers/scraper-job-history';
import { documentName, NEW_SCRAPER_YAML, scraperToYaml } from '../../features/catalog/scrapers/scraper-yaml';
import { defineParts, type ResourceEditorProps } from '../../features/settings-resources/resource-table';

// A new text after every save (updated_at changes), so the editor shows what the server stored.
function ScraperSpecEditor({ row, readOnly, saving, onSave, onDelete }: ResourceEditorProps<ConfigScraperRow, string>) {
  return (
    <ScraperEditor
      key={row ? `${row.id}:${row.updated_at}` : 'new'}
      initial={row ? scraperToYaml(row) : NEW_SCRAPER_YAML}
      readOnly={readOnly}
      saving={saving}
      existing={!!row}
      onSave={(text) => {
        if (row && documentName(text)?.name !== row.name) toast.info('The name changed: saving creates a new scraper.');
        onSave(text);
      }}
      onDelete={onDelete}
    />
  );
}

function ScraperRuns({ id }: { id: string }) {
  return <ScraperJobHistory scraperId={id} />;
}

/** /settings/scrapers: the catalog's ScrapeConfig editor, saved and deleted through config as code like on /catalog/scrapers. */
export const SCRAPER_PARTS = defineParts<ConfigScraperRow, string>({
  get: getScraper,
  async save(text) {
    const results = await applyScrapeConfig(text);
    const applied = results.find((r) => r.kind === 'ScrapeConfig') ?? results[0];
    if (!applied) throw new Error('The server applied no ScrapeConfig');
    return { id: applied.id, name: applied.name, created: applied.action === 'created' };
  },
  remove: (row) => deleteScrapeConfig(row.name, row.namespace),
  Editor: ScraperSpecEditor,
  JobHistory: ScraperRuns,
  invalidates: [catalogKeys.all],
});
