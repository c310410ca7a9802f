import { MESSAGES } from '@ops/shared';
import { ShieldAlert } from 'lucide-react';

/** The Unauthorized screen: shown for denied routes and for any 403 answer. */
export function Unauthorized() {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <ShieldAlert aria-hidden className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{MESSAGES.unauthorizedTitle}</h2>
      <p className="text-sm text-muted-foreground">{MESSAGES.unauthorized}</p>
    </div>
  );
}
