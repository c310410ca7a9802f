import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

/** A bordered surface grouping related content. */
export function Card({ className, ...rest }: DivProps) {
  return <div className={cn('rounded-lg border bg-card text-card-foreground shadow-xs', className)} {...rest} />;
}

/** Top area of a card (title, description, actions). */
export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={cn('flex flex-col gap-1 border-b px-4 py-3', className)} {...rest} />;
}

/** Card heading (h3). */
export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn('text-sm font-semibold leading-none', className)} {...rest} />;
}

/** Secondary text under a card title. */
export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-xs text-muted-foreground', className)} {...rest} />;
}

/** Main body of a card. */
export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cn('p-4', className)} {...rest} />;
}

/** Bottom row of a card, usually buttons. */
export function CardFooter({ className, ...rest }: DivProps) {
  return <div className={cn('flex items-center justify-end gap-2 border-t px-4 py-3', className)} {...rest} />;
}
