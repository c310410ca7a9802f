import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './error-boundary';
import { NAV, flattenNav } from './nav';
import { APP_ROUTES, AUTH_ROUTES, type AppRoute } from './routes';
import { HomeRedirect } from './shell/home-redirect';
import { NotFound } from './shell/not-found';
import { PageLoading } from './shell/page-loading';
import { RouteGuard } from './shell/route-guard';
import { ShellLayout } from './shell/shell-layout';

const ALL_NAV_ITEMS = flattenNav(NAV);

/** The route's nav label, used as the top-bar title until the page sets its own header. */
function titleOf(route: AppRoute): string | undefined {
  return route.title ?? ALL_NAV_ITEMS.find(({ item }) => item.path === route.path)?.item.label;
}

/** A shell page: its chunk loads on first visit, then renders behind the permission/flag guard. */
export function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { title: titleOf(route) },
    errorElement: <RouteError />,
    lazy: async () => {
      const { Component: Page } = await route.lazy();
      return {
        Component: function GuardedPage() {
          return (
            <RouteGuard route={route}>
              <Page />
            </RouteGuard>
          );
        },
      };
    },
  };
}

/** Every route of the app: sign-in pages outside the shell, areas inside it. */
export function appRoutes(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    ...AUTH_ROUTES.map((r): RouteObject => ({ path: r.path, lazy: r.lazy, errorElement: <RouteError /> })),
    {
      path: '/',
      Component: ShellLayout,
      errorElement: <RouteError />,
      HydrateFallback: PageLoading,
      children: [
        { index: true, Component: HomeRedirect },
        ...routes.map(toRouteObject),
        { path: '*', Component: NotFound, handle: { title: 'Page not found' } },
      ],
    },
  ];
}

/** The browser router for the app. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
