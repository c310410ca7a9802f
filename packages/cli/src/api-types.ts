/** Shapes of the `/api/resources` answers the CLI reads (the server's zod schemas are the source of truth). */

export interface ApplyResult {
  kind: string;
  name: string;
  namespace: string | null;
  action: string;
}

export interface ResourceDocument {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string } & Record<string, unknown>;
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export interface PrinterColumn {
  header: string;
  path: string;
}

export interface ResourceList {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
  columns: PrinterColumn[];
  items: ResourceDocument[];
}

export interface KindInfo {
  kind: string;
  apiVersions: string[];
  aliases: string[];
  resource: string;
  namespaced: boolean;
  supported: boolean;
  columns: PrinterColumn[];
}

/** One problem with one applied document, as the server lists them in `details`. */
export interface DocumentProblem {
  document: number;
  kind: string | null;
  name: string | null;
  field: string | null;
  message: string;
}
