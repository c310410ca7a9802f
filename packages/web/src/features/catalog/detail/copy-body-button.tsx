import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '../../../components/copy-button/copy-text';
import { Button } from '../../../components/ui';

/** Copies the body; the text is joined only on click, so a 2 MB body costs nothing while it is shown. */
export function CopyBodyButton({ lines }: { lines: readonly string[] }) {
  const [done, setDone] = useState(false);
  const copy = async (): Promise<void> => {
    if (await copyText(lines.join('\n'))) {
      setDone(true);
      setTimeout(() => setDone(false), 1500);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {done ? <Check aria-hidden /> : <Copy aria-hidden />}
      Copy
    </Button>
  );
}
