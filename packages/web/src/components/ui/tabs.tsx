import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * Tabs (Radix): <Tabs value onValueChange><TabsList><TabsTrigger value="a">A</TabsTrigger></TabsList>
 * <TabsContent value="a">…</TabsContent></Tabs>. Keep `value` in the URL when the tab is part of the page's address.
 */
export const Tabs = RadixTabs.Root;

/** The row of tab buttons (role=tablist). */
export function TabsList({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('inline-flex flex-wrap items-center gap-1 border-b', className)} {...rest} />;
}

/** One tab button (role=tab). */
export function TabsTrigger({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground',
        'hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'data-[state=active]:border-primary data-[state=active]:text-foreground disabled:opacity-50',
        className,
      )}
      {...rest}
    />
  );
}

/** The panel of one tab (role=tabpanel). */
export function TabsContent({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-3 focus-visible:outline-none', className)} {...rest} />;
}
