import { TOAST_DURATION_MS } from '@ops/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ErrorBoundary } from './error-boundary';
import { ThemeProvider, useTheme } from './theme';

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />;
}

/** App-wide providers: error boundary, query client, theme and toasts (5 s). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          {children}
          <ThemedToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
