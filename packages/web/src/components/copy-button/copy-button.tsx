import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '../ui/button';
import { copyText } from './copy-text';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text to copy. */
  text: string;
  /** Success toast, e.g. 'Link copied to clipboard'; default 'Copied to clipboard'. */
  successMessage?: string;
  /** Button text; default 'Copy'. */
  label?: string;
}

/** A button that copies `text` and briefly shows a check mark. */
export function CopyButton({ text, successMessage, label = 'Copy', variant = 'outline', size = 'sm', ...rest }: CopyButtonProps) {
  const [done, setDone] = useState(false);
  const copy = async (): Promise<void> => {
    if (await copyText(text, successMessage)) {
      setDone(true);
      setTimeout(() => setDone(false), 1500);
    }
  };
  return (
    <Button variant={variant} size={size} onClick={() => void copy()} {...rest}>
      {done ? <Check aria-hidden /> : <Copy aria-hidden />}
      {label}
    </Button>
  );
}
