/** One check's rendered summary text (check_summary_text) as UTF-8, at a row version. */
export interface RenderedRow {
  version: string;
  head: Buffer;
  recent: Buffer;
}

/**
 * This process's copies of check_summary_text rows, by check id. Each summary reads every row's version
 * (its xmin, which every write of the row changes) and fetches only the rows whose version it does not
 * hold, so an answer is always built from the current text; what is saved is moving and decoding the text
 * of checks that did not change since the last call (10 MB at 10,000 checks).
 */
export class RenderedRows {
  private readonly rows = new Map<string, RenderedRow>();

  /** The copy of a check's row at `version`, if this process holds it. */
  get(checkId: string, version: string): RenderedRow | undefined {
    const row = this.rows.get(checkId);
    return row?.version === version ? row : undefined;
  }

  set(checkId: string, row: RenderedRow): void {
    this.rows.set(checkId, row);
  }

  /** Forget checks not in `live` (after a call that listed every live check). */
  keepOnly(live: ReadonlySet<string>): void {
    for (const id of this.rows.keys()) if (!live.has(id)) this.rows.delete(id);
  }

  get size(): number {
    return this.rows.size;
  }
}
