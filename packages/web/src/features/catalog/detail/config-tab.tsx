import type { ConfigDetailRow } from '@ops/shared';
import { useMemo } from 'react';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { EmptyState } from '../../../components/ui';
import { bodyFormat, configBodyLines } from '../lib/config-body';
import { ConfigBodyView } from './config-body-view';

/** The Config tab: the body sorted by key in its own format, with selectable lines and a copy button. */
export function ConfigTab({ config }: { config: ConfigDetailRow }) {
  const lines = useMemo(() => configBodyLines(config.config, config.format), [config.config, config.format]);
  if (lines.length === 0) return <EmptyState title="No data available" description="This item has no config body." />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {bodyFormat(config.format).toUpperCase()} · {lines.length.toLocaleString()} lines · click a line number to select it, shift-click for a range
        </span>
        <CopyButton text={lines.join('\n')} label="Copy" />
      </div>
      <ConfigBodyView lines={lines} />
    </div>
  );
}
