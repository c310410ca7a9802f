// The scraper entry schemas are defined once in @ops/shared (the editor validates with them too);
// this module keeps the engine's names for them.
export {
  execScraperSchema,
  fileScraperSchema,
  httpScraperSchema,
  kubernetesScraperSchema,
  paginationSchema,
  sqlScraperSchema,
  type ExecScraperSpec,
  type FileScraperSpec,
  type HttpScraperSpec,
  type KubernetesScraperSpec,
  type PaginationSpec,
  type SqlScraperSpec,
} from '@ops/shared';
