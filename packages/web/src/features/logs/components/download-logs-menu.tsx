import type { LogLineWire } from '@ops/shared';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui';
import { LOGS_MESSAGES } from '../logs-messages';
import { saveBlob } from '../../../lib/save-blob';
import { downloadFileName, toLogJson, toLogText, type DownloadFormat } from '../lib/log-download';

export interface DownloadLogsMenuProps {
  lines: readonly LogLineWire[];
  /** The component's name and the range's start name the file. */
  name: string;
  start: Date;
  disabled?: boolean;
}

/** 'Download' with .log and .json: the loaded lines as a file, then 'Downloaded logs' (or 'Failed to download logs'). */
export function DownloadLogsMenu({ lines, name, start, disabled }: DownloadLogsMenuProps) {
  const download = (format: DownloadFormat) => {
    try {
      const text = format === 'json' ? toLogJson(lines) : toLogText(lines);
      saveBlob(new Blob([text], { type: format === 'json' ? 'application/json' : 'text/plain' }), downloadFileName(name, start, format));
      toast.success(LOGS_MESSAGES.downloaded);
    } catch {
      toast.error(LOGS_MESSAGES.downloadFailed);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <Download aria-hidden /> Download
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => download('log')}>As .log</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download('json')}>As .json</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
