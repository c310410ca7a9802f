import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useUrlState } from '../../../components/filters';
import {
  Button,
  ConfirmDialog,
  type Breadcrumb,
  EmptyState,
  ErrorState,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { catalogKeys } from '../api/catalog-keys';
import { applyScrapeConfig, deleteScrapeConfig, getScraper, runScraper } from '../api/scrapers-api';
import { Loading } from '../components/loading';
import { ScraperEditor } from '../scrapers/scraper-editor';
import { ScraperJobHistory } from '../scrapers/scraper-job-history';
import { documentName, isEditableSource, NEW_SCRAPER_YAML, scraperToYaml } from '../scrapers/scraper-yaml';

const CRUMBS = [
  { label: 'Catalog', to: '/catalog' },
  { label: 'Scrapers', to: '/catalog/scrapers' },
];

export interface ScraperPageProps {
  /** The scraper to show; default the route's :id. */
  id?: string;
  /** Default Catalog › Scrapers. */
  breadcrumbs?: readonly Breadcrumb[];
  /** Where to go after a save or delete (the integrations list); default stay, and the scrapers list after delete. */
  returnTo?: string;
}

/**
 * /catalog/scrapers/{id} (and /new): tabs Spec (YAML editor, Save, Delete, Run Now) and Job History. The
 * integration detail page shows the same page with its own breadcrumbs and return path.
 */
export function ScraperPage({ id: idProp, breadcrumbs = CRUMBS, returnTo }: ScraperPageProps = {}) {
  const params = useParams();
  const id = idProp ?? params.id ?? 'new';
  const isNew = id === 'new';
  const navigate = useNavigate();
  const client = useQueryClient();
  const perms = usePermissions();
  const [tab, setTab] = useUrlState('tab', 'spec');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const scraper = useQuery({
    queryKey: catalogKeys.scraper(id),
    queryFn: ({ signal }) => getScraper(id, signal),
    enabled: !isNew,
    staleTime: 0,
  });
  const row = scraper.data ?? undefined;
  const canWrite = perms.can('config_scrapers', 'write');
  const readOnly = !canWrite || (!!row && !isEditableSource(row.source));

  const save = useMutation({
    mutationFn: async (text: string) => {
      const results = await applyScrapeConfig(text);
      const applied = results.find((r) => r.kind === 'ScrapeConfig') ?? results[0];
      if (!applied) throw new Error('The server applied no ScrapeConfig');
      return applied;
    },
    onSuccess: async (applied) => {
      toast.success(`${applied.name} ${applied.action === 'created' ? 'created' : 'updated'} successfully`);
      await client.invalidateQueries({ queryKey: catalogKeys.all });
      if (returnTo) await navigate(returnTo);
      else if (applied.id !== id) await navigate(`/catalog/scrapers/${applied.id}`, { replace: true });
    },
    onError: toastError,
  });
  const run = useMutation({
    mutationFn: () => runScraper(id),
    onSuccess: async ({ summary }) => {
      const text = `Scraped ${summary.scraped} items: ${summary.created} created, ${summary.updated} updated, ${summary.deleted} deleted, ${summary.changes} changes`;
      if (summary.status === 'FAILED') toast.error(`Scrape failed: ${summary.errors[0] ?? text}`);
      else if (summary.status === 'WARNING') toast.warning(`${text} (${summary.errors.length} errors)`);
      else toast.success(text);
      await client.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: toastError,
  });
  const remove = async (): Promise<void> => {
    if (!row) return;
    try {
      await deleteScrapeConfig(row.name, row.namespace);
    } catch (err) {
      toastError(err);
      throw err;
    }
    toast.success(`${row.name} deleted successfully`);
    await client.invalidateQueries({ queryKey: catalogKeys.all });
    await navigate(returnTo ?? '/catalog/scrapers');
  };

  const title = isNew ? 'New Scraper' : (row?.name ?? 'Scraper');
  const actions =
    row && canWrite ? (
      <Button size="sm" variant="outline" loading={run.isPending} onClick={() => run.mutate()}>
        <Play aria-hidden /> Run Now
      </Button>
    ) : null;
  const header = <PageHeader title={title} breadcrumbs={breadcrumbs} actions={actions} />;
  if (!isNew && scraper.isPending)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (!isNew && scraper.error)
    return (
      <>
        {header}
        <ErrorState error={scraper.error} onRetry={() => void scraper.refetch()} />
      </>
    );
  if (!isNew && !row)
    return (
      <>
        {header}
        <EmptyState title="No resources found" />
      </>
    );

  const initial = row ? scraperToYaml(row) : NEW_SCRAPER_YAML;
  const editor = (
    <ScraperEditor
      key={row ? `${row.id}:${row.updated_at}` : 'new'}
      initial={initial}
      readOnly={readOnly}
      saving={save.isPending}
      existing={!!row}
      onSave={(text) => {
        if (row && documentName(text)?.name !== row.name) toast.info('The name changed: saving creates a new scraper.');
        save.mutate(text);
      }}
      onDelete={row ? () => setConfirmDelete(true) : undefined}
    />
  );
  return (
    <div className="flex flex-col gap-3">
      {header}
      {row && !isEditableSource(row.source) && (
        <p className="rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm">
          This scraper comes from <strong>{row.source}</strong>: change it there. Its spec is read-only here.
        </p>
      )}
      {isNew ? (
        editor
      ) : (
        <Tabs value={tab === 'jobHistory' ? 'jobHistory' : 'spec'} onValueChange={setTab}>
          <TabsList aria-label="Scraper tabs">
            <TabsTrigger value="spec">Spec</TabsTrigger>
            <TabsTrigger value="jobHistory">Job History</TabsTrigger>
          </TabsList>
          <TabsContent value="spec">{editor}</TabsContent>
          <TabsContent value="jobHistory">{row && <ScraperJobHistory scraperId={row.id} />}</TabsContent>
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete scraper"
        description={`Delete ${row?.name ?? 'this scraper'}? It stops scraping.`}
        confirmLabel="Delete"
        destructive
        onConfirm={remove}
      />
    </div>
  );
}
