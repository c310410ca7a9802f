import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { authStateCheckerPath } from './app/paths';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { applyTheme, initialTheme } from './app/theme';
import { authConfigQuery } from './features/auth/api/auth-config';
import { setUnauthorizedHandler } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import './index.css';

applyTheme(initialTheme());
const queryClient = createQueryClient();
const router = createAppRouter();
// The sign-in gate reads the auth config (public, always from this server) before who-am-I, and every
// signed-in page waits for both: ask now, beside the page's code, not after it.
void queryClient.prefetchQuery(authConfigQuery);

// A 401 anywhere goes to the session check through the router (no full reload).
setUnauthorizedHandler((returnTo) => {
  if (router.state.location.pathname === '/auth-state-checker') return;
  void router.navigate(authStateCheckerPath(returnTo), { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
