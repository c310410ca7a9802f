import type { ReactNode } from 'react';

/** Centered card frame of the identity pages (no shell). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className="mb-6 flex items-center gap-2.5 text-lg font-semibold">
        <span aria-hidden className="grid size-8 place-items-center rounded-md bg-primary text-xs font-bold text-primary-foreground">
          OC
        </span>
        Ops Console
      </div>
      {children}
    </div>
  );
}
