import { EyeOff } from 'lucide-react';
import { Button } from '../../../components/ui';

/** Says how many passing checks Hide Passing hides, with a way to show them. */
export function HiddenPassingNote({ hidden, onShow }: { hidden: number; onShow: () => void }) {
  if (hidden === 0) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <EyeOff aria-hidden className="size-4" />
      {hidden} passing {hidden === 1 ? 'check is' : 'checks are'} hidden.
      <Button variant="link" size="sm" className="h-auto px-0" onClick={onShow}>
        Show passing
      </Button>
    </p>
  );
}
