/**
 * The editorial desk's frame (docs/web-app.md): its navigation beside (desktop) or above (phone) the page,
 * behind the administrators-only guard. The session (`GET /v1/auth/session`, read on every start)
 * says whether the person is an administrator (`user.is_admin`); anyone else — signed out included —
 * gets the app's own "Page not found", exactly what an unknown path shows, and the desk's pages are
 * not rendered, so no `/v1/admin` request goes out (the API answers 404 there too: decision 0048).
 * This file and everything under `/desk` is loaded lazily: readers' pages never load the desk's code.
 */
import { Grid, NavLink, ScrollArea } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { useSession } from '../../../features/auth/api/get-session';
import { Component as NotFound } from '../not-found';

/** The desk's pages, in the order of an editor's week. */
const PAGES = [
  { to: '/desk/inbox', label: 'Inbox' },
  { to: '/desk/editions', label: 'Editions' },
  { to: '/desk/projects', label: 'Projects' },
  { to: '/desk/tenders', label: 'Tenders' },
  { to: '/desk/calendar', label: 'Calendar' },
  { to: '/desk/sources', label: 'Sources' },
  { to: '/desk/media', label: 'Media' },
  { to: '/desk/procurement', label: 'Procurement' },
];

/** Renders the desk only for an administrator; the 404 page for everyone else. */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Loading label="Checking your session…" />;
  if (session.isError) return <ErrorNotice error={session.error} title="Could not check your session" />;
  if (!session.data.authenticated || !session.data.user.is_admin) return <NotFound />;
  return <>{children}</>;
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <RequireAdmin>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <ScrollArea type="never">
            <nav aria-label="Desk">
              {PAGES.map((p) => {
                const active = pathname === p.to || pathname.startsWith(`${p.to}/`);
                return (
                  <NavLink key={p.to} component={Link} to={p.to} label={p.label} active={active}
                    aria-current={active ? 'page' : undefined} />
                );
              })}
            </nav>
          </ScrollArea>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 10 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </RequireAdmin>
  );
}
