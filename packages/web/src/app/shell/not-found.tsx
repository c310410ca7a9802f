import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';

/** Unknown path inside the shell. */
export function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title="There is no page at this address."
        action={
          <Link to="/" className={buttonClasses('outline', 'sm')}>
            Go back
          </Link>
        }
      />
    </>
  );
}
