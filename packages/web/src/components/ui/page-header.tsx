import { ChevronRight } from 'lucide-react';
import { createContext, Fragment, useContext, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export interface Breadcrumb {
  label: string;
  /** Link target; omit for plain text. */
  to?: string;
}

export interface PageHeaderProps {
  /** The page name (rendered as the h1 and the document title). */
  title: string;
  /** Trail before the title, e.g. [{label: 'Settings'}]. */
  breadcrumbs?: readonly Breadcrumb[];
  /** Buttons shown at the right of the header, e.g. an Add button. */
  actions?: ReactNode;
  /** One line under the header, inside the page. */
  description?: ReactNode;
}

/** Where the shell wants page headers: the top bar's title slot element (null outside the shell). */
export const PageHeaderSlotContext = createContext<HTMLElement | null>(null);

/**
 * A page's title with breadcrumb and actions. Inside the shell it renders into the top bar
 * (one header row per page); elsewhere (tests, bare pages) it renders in place.
 */
export function PageHeader({ title, breadcrumbs = [], actions, description }: PageHeaderProps) {
  const slot = useContext(PageHeaderSlotContext);
  useEffect(() => {
    document.title = `${title} | Ops Console`;
  }, [title]);
  // In the top bar one row: crumbs shrink before the title does. In the page (phones): rows wrap.
  const header = (
    <div className={cn('flex min-w-0 flex-1 items-center justify-between gap-x-3 gap-y-2', !slot && 'flex-wrap')}>
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className={cn('flex min-w-0 items-center gap-1.5 text-base', !slot && 'flex-wrap')}>
          {breadcrumbs.map((b) => (
            <Fragment key={b.label}>
              <li className="min-w-8 max-w-64 truncate text-muted-foreground">
                {b.to ? (
                  <Link to={b.to} className="hover:text-foreground hover:underline">
                    {b.label}
                  </Link>
                ) : (
                  b.label
                )}
              </li>
              <li aria-hidden className="shrink-0 text-muted-foreground">
                <ChevronRight className="size-4" />
              </li>
            </Fragment>
          ))}
          <li className="min-w-0">
            <h1 className="truncate text-base font-semibold text-foreground">{title}</h1>
          </li>
        </ol>
      </nav>
      {actions && <div className={cn('flex items-center gap-2', slot ? 'shrink-0' : 'min-w-0 max-w-full flex-wrap')}>{actions}</div>}
    </div>
  );
  return (
    <>
      {slot ? createPortal(header, slot) : <div className={cn('mb-4 flex items-center')}>{header}</div>}
      {description && <p className="mb-4 text-sm text-muted-foreground">{description}</p>}
    </>
  );
}
