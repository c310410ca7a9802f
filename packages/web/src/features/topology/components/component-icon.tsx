import { Box, Boxes, Cloud, Container, Database, Globe, type LucideIcon, Network, Server, Workflow } from 'lucide-react';
import { cn } from '../../../lib/cn';

const HINTS: [RegExp, LucideIcon][] = [
  [/pod|container|docker/, Container],
  [/node|server|host|vm|instance/, Server],
  [/db|database|sql|postgres|mysql|mongo|redis/, Database],
  [/service|ingress|network|dns|lb|loadbalancer/, Network],
  [/http|web|site|url|api/, Globe],
  [/aws|azure|gcp|cloud/, Cloud],
  [/cluster|k8s|kubernetes|namespace|deployment/, Boxes],
  [/pipeline|flow|job/, Workflow],
];

/** A component's icon: an image when the icon is a URL, else a symbol chosen from the icon name or type. */
export function ComponentIcon({ icon, type, className }: { icon?: string | null; type?: string | null; className?: string }) {
  const classes = cn('size-5 shrink-0', className);
  if (icon && /^(https?:\/\/|\/|data:image\/)/.test(icon))
    return <img src={icon} alt="" aria-hidden className={cn(classes, 'object-contain')} />;
  const hint = `${icon ?? ''} ${type ?? ''}`.toLowerCase();
  const Icon = HINTS.find(([re]) => re.test(hint))?.[1] ?? Box;
  return <Icon aria-hidden className={cn(classes, 'text-muted-foreground')} />;
}
