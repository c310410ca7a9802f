import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * Dropdown menu parts (Radix). Usage:
 * <DropdownMenu><DropdownMenuTrigger asChild><Button>…</Button></DropdownMenuTrigger>
 *   <DropdownMenuContent><DropdownMenuItem onSelect={…}>Edit</DropdownMenuItem></DropdownMenuContent></DropdownMenu>
 */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

const itemClasses =
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none ' +
  'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0';

/** The floating menu panel; rendered in a portal. */
export function DropdownMenuContent({ className, sideOffset = 4, align = 'end', ...rest }: ComponentPropsWithoutRef<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 min-w-44 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg', className)}
        {...rest}
      />
    </Menu.Portal>
  );
}

/** A menu item (role=menuitem); use onSelect, or asChild with a <Link>. */
export function DropdownMenuItem({
  className,
  destructive,
  ...rest
}: ComponentPropsWithoutRef<typeof Menu.Item> & { destructive?: boolean }) {
  return <Menu.Item className={cn(itemClasses, destructive && 'text-destructive', className)} {...rest} />;
}

/** A menu item with a check mark (role=menuitemcheckbox). */
export function DropdownMenuCheckboxItem({ className, children, ...rest }: ComponentPropsWithoutRef<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem className={cn(itemClasses, 'pl-7', className)} {...rest}>
      <Menu.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden className="size-3.5" />
      </Menu.ItemIndicator>
      {children}
    </Menu.CheckboxItem>
  );
}

/** Non-interactive heading or text line inside a menu. */
export function DropdownMenuLabel({ className, ...rest }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)} {...rest} />;
}

/** A thin divider between groups of items. */
export function DropdownMenuSeparator({ className, ...rest }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...rest} />;
}
