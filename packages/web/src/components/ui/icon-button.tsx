import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';
import { Tooltip } from './tooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name, also shown as a tooltip. Required: an icon alone has no name. */
  label: string;
  /** The icon element, e.g. <RefreshCw />. */
  icon: ReactNode;
  /** Default 'ghost'. */
  variant?: ButtonVariant;
  /** Set false to skip the tooltip (e.g. inside menus that already explain it). */
  tooltip?: boolean;
}

/** A square button holding only an icon; `label` becomes its aria-label and tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', tooltip = true, className, type = 'button', ...rest },
  ref,
) {
  const button = (
    <button ref={ref} type={type} aria-label={label} className={buttonClasses(variant, 'icon', className)} {...rest}>
      {icon}
    </button>
  );
  return tooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
});
