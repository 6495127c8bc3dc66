/**
 * The frame of every page: a header with the service's name and the signed-in person's links, the
 * `<main>` landmark and a skip link (each page's title takes the focus after a navigation:
 * components/page-title.tsx).
 */
import { Anchor, AppShell, Button, Container, Group, Text, VisuallyHidden } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useSession } from '../features/auth/api/get-session';
import { useSignOut } from '../features/auth/api/sign-out';
import { Bell } from '../features/notifications/components/bell';

/** The reader's sections (docs/web-app.md), in the header's second row for signed-in readers. */
const READER_LINKS = [
  ['/', 'Latest'], ['/editions', 'Editions'], ['/search', 'Search'], ['/projects', 'Projects'], ['/airports', 'Airports'],
  ['/tenders', 'Tenders'], ['/calendar', 'Calendar'], ['/library', 'Library'], ['/alerts', 'Alerts'],
] as const;

export function RootLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data?.authenticated ? session.data.user : null;
  // Until the session check answers (one prefetched request), the header shows only the name and the
  // page nothing: whether the header has its second row (96 px) or not (56 px) is known only then, and
  // content painted under a header that then grows would be pushed down (a layout shift).
  const checking = session.isPending;
  return (
    <AppShell header={{ height: user ? 96 : 56 }} padding="md">
      <a href="#main" className="skip-link">Skip to content</a>
      <AppShell.Header>
        <Container size="lg" h={56}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" fw={700} c="dark" underline="never">
              airport-intel
            </Anchor>
            <Group component="nav" aria-label="Main" gap="xs" wrap="nowrap">
              {checking ? null : user ? (
                <>
                  <Text size="sm" visibleFrom="sm" c="dark.6">
                    <VisuallyHidden>Signed in as </VisuallyHidden>
                    {user.email}
                  </Text>
                  <Bell />
                  <Anchor component={Link} to="/account" size="sm">Account</Anchor>
                  <Button size="xs" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                    Sign out
                  </Button>
                </>
              ) : (
                <>
                  <Anchor component={Link} to="/sign-in" size="sm">Sign in</Anchor>
                  <Button component={Link} to="/sign-up" size="xs">Sign up</Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
        {user && (
          <Container size="lg" h={40} style={{ overflowX: 'auto' }}>
            <Group component="nav" aria-label="Reader" gap="md" wrap="nowrap" h="100%">
              {READER_LINKS.map(([to, label]) => <Anchor key={to} component={Link} to={to} size="sm" style={{ whiteSpace: 'nowrap' }}>{label}</Anchor>)}
            </Group>
          </Container>
        )}
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Container size="lg" px={{ base: 0, sm: 'md' }}>
          {checking ? null : <Outlet />}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
