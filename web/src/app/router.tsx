/**
 * The app's routes. Every page is loaded on demand (`lazy`: a chunk of its own), so the sign-in page
 * ships only what it needs and later areas (the reader's pages, the editorial desk) stay out of each
 * other's bundles. The paths are contracts (emails and the payment provider link to them).
 */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RootLayout } from '../components/root-layout';
import { RouteError } from '../components/route-error';
import { meQuery } from '../features/account/api/get-me';
import { profileQuery } from '../features/account/api/get-profile';
import { referenceQuery } from '../lib/reference';
import { apiKeysQuery } from '../features/account/api/list-api-keys';
import { membersQuery } from '../features/account/api/list-members';
import { sessionQuery } from '../features/auth/api/get-session';
import { RequireAuth } from '../features/auth/components/require-auth';
import { projectsLoader } from '../features/projects/api/list-projects';
import { subscriptionQuery } from '../features/billing/api/get-subscription';
import { prefetch } from '../lib/prefetch';

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    loader: prefetch(sessionQuery),
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'sign-in', lazy: () => import('./routes/sign-in') },
      { path: 'sign-up', lazy: () => import('./routes/sign-up') },
      { path: 'auth/link', lazy: () => import('./routes/auth-link') },
      { path: 'auth/reset', lazy: () => import('./routes/auth-reset') },
      { path: 'invitations/:code', lazy: () => import('./routes/invitation') },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'account',
            lazy: () => import('./routes/account/layout'),
            children: [
              { index: true, lazy: () => import('./routes/account/profile'), loader: prefetch(profileQuery, meQuery, referenceQuery) },
              { path: 'interests', lazy: () => import('./routes/account/interests') },
              { path: 'preferences', lazy: () => import('./routes/account/preferences') },
              { path: 'api-keys', lazy: () => import('./routes/account/api-keys'), loader: prefetch(apiKeysQuery) },
              { path: 'members', lazy: () => import('./routes/account/members'), loader: prefetch(membersQuery, subscriptionQuery) },
              { path: 'subscription', lazy: () => import('./routes/account/subscription'), loader: prefetch(subscriptionQuery) },
              { path: 'sessions', lazy: () => import('./routes/account/sessions') },
              { path: 'sso', lazy: () => import('./routes/account/sso') },
              { path: 'connected-apps', lazy: () => import('./routes/account/connected-apps') },
            ],
          },
          { path: 'editions', lazy: () => import('./routes/editions') },
          { path: 'editions/:number', lazy: () => import('./routes/edition') },
          { path: 'articles/:id/:slug?', lazy: () => import('./routes/article') },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'library', lazy: () => import('./routes/library') },
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          { path: 'alerts', lazy: () => import('./routes/alerts') },
          { path: 'notifications', lazy: () => import('./routes/notifications') },
          { path: 'oauth/consent', lazy: () => import('./routes/oauth-consent') },
          { path: 'billing/success', lazy: () => import('./routes/billing-success') },
          { path: 'billing/cancel', lazy: () => import('./routes/billing-cancel') },
          // The reader's data pages (docs/web-app.md).
          { path: 'projects', lazy: () => import('./routes/projects'), loader: projectsLoader },
          { path: 'projects/:id', lazy: () => import('./routes/project') },
          { path: 'airports', lazy: () => import('./routes/airports') },
          { path: 'airports/:iata', lazy: () => import('./routes/airport') },
          { path: 'tenders', lazy: () => import('./routes/tenders') },
          { path: 'tenders/:id', lazy: () => import('./routes/tender') },
          { path: 'calendar', lazy: () => import('./routes/calendar') },
          { path: 'companies/:slug', lazy: () => import('./routes/company') },
        ],
      },
      {
        // The editorial desk (docs/web-app.md): administrators only (routes/desk/layout.tsx), its own chunks.
        path: 'desk',
        lazy: () => import('./routes/desk/layout'),
        children: [
          { index: true, lazy: () => import('./routes/desk/index') },
          { path: 'inbox', lazy: () => import('./routes/desk/inbox') },
          { path: 'projects', lazy: () => import('./routes/desk/projects') },
          { path: 'tenders', lazy: () => import('./routes/desk/tenders') },
          { path: 'calendar', lazy: () => import('./routes/desk/calendar') },
          { path: 'sources', lazy: () => import('./routes/desk/sources') },
          { path: 'media', lazy: () => import('./routes/desk/media') },
          { path: 'procurement', lazy: () => import('./routes/desk/procurement') },
          { path: 'editions', lazy: () => import('./routes/desk/editions') },
          { path: 'editions/:id', lazy: () => import('./routes/desk/edition') },
          { path: 'editions/:id/articles/:articleId', lazy: () => import('./routes/desk/article') },
          { path: 'newsletter/:edition', lazy: () => import('./routes/desk/newsletter') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
