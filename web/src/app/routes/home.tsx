/** `/`: the front door (the reader's pages come with a later issue). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../features/auth/api/get-session';

export function Component() {
  const session = useSession();
  return (
    <Stack maw={640}>
      <PageTitle>Airport-industry intelligence</PageTitle>
      <Text>Editions, archive search, projects, tenders and events of the airport industry, over REST, CSV and MCP.</Text>
      <Group>
        {session.data?.authenticated ? (
          <Button component={Link} to="/account">Your account</Button>
        ) : (
          <>
            <Button component={Link} to="/sign-up">Create an account</Button>
            <Button component={Link} to="/sign-in" variant="default">Sign in</Button>
          </>
        )}
        <Button component="a" href="/docs" variant="subtle">API reference</Button>
      </Group>
    </Stack>
  );
}
