import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

export interface TooltipProps {
  /** Text (or node) shown on hover/focus. */
  content: ReactNode;
  /** One focusable element (button, link); it becomes the trigger. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Hide the tooltip without restructuring the tree (e.g. sidebar labels when expanded). */
  disabled?: boolean;
}

/** A hover/focus hint. Carries its own provider so it works anywhere, including tests. */
export function Tooltip({ content, children, side = 'bottom', disabled }: TooltipProps) {
  if (disabled) return children;
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
