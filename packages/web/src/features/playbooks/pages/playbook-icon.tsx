import { Workflow } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A playbook's icon: an image when the icon is a URL or path, else the playbook symbol. */
export function PlaybookIcon({ icon, className }: { icon?: string | null; className?: string }) {
  const classes = cn('size-5 shrink-0', className);
  if (icon && /^(https?:\/\/|\/|data:image\/)/.test(icon))
    return <img src={icon} alt="" aria-hidden className={cn(classes, 'object-contain')} />;
  return <Workflow aria-hidden className={cn(classes, 'text-muted-foreground')} />;
}
