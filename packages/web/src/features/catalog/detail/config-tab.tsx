import type { ConfigDetailRow } from '@ops/shared';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/ui';
import { bodyFormat, configBodyLines } from '../lib/config-body';
import { ConfigBodyView } from './config-body-view';
import { CopyBodyButton } from './copy-body-button';

/** The Config tab: the body sorted by key in its own format, with selectable lines and a copy button. */
export function ConfigTab({ config }: { config: ConfigDetailRow }) {
  const lines = useMemo(() => configBodyLines(config.config, config.format), [config.config, config.format]);
  if (lines.length === 0) return <EmptyState title="No data available" description="This item has no config body." />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {bodyFormat(config.format).toUpperCase()} · {lines.length.toLocaleString()} lines · click a line number to select it, shift-click
          for a range
        </span>
        <CopyBodyButton lines={lines} />
      </div>
      <ConfigBodyView lines={lines} />
    </div>
  );
}
