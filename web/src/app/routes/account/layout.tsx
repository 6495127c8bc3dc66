/** The account area: its navigation beside (desktop) or above (phone) the page. */
import { Grid, NavLink, ScrollArea } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

const PAGES = [
  { to: '/account', label: 'Profile' },
  { to: '/account/interests', label: 'Interests' },
  { to: '/account/preferences', label: 'Email preferences' },
  { to: '/account/api-keys', label: 'API keys' },
  { to: '/account/members', label: 'Members' },
  { to: '/account/subscription', label: 'Subscription' },
  { to: '/account/sessions', label: 'Sessions' },
  { to: '/account/sso', label: 'Company sign-in' },
  { to: '/account/connected-apps', label: 'Connected apps' },
];

export function Component() {
  const { pathname } = useLocation();
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <ScrollArea type="never">
          <nav aria-label="Account">
            {PAGES.map((p) => (
              <NavLink key={p.to} component={Link} to={p.to} label={p.label} active={pathname === p.to}
                aria-current={pathname === p.to ? 'page' : undefined} />
            ))}
          </nav>
        </ScrollArea>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
