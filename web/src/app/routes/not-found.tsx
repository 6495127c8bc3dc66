/** Any path the app does not know: its own 404 page (the service answers index.html for every app path). */
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';

export function Component() {
  const location = useLocation();
  return (
    <Stack>
      <PageTitle>Page not found</PageTitle>
      <Text>There is no page at <code>{location.pathname}</code>.</Text>
      <Anchor component={Link} to="/">Go to the start page</Anchor>
    </Stack>
  );
}
