import { Spinner } from '../../components/ui/spinner';

/** Centered spinner for a page whose code or data is still loading. */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-16 text-muted-foreground">
      <Spinner size="lg" />
    </div>
  );
}
