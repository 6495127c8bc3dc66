/** What a page shows when it failed to load or threw (e.g. a new build replaced its chunk: reload). */
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <h1>Something went wrong</h1>
        <Alert color="red" role="alert">{error instanceof Error ? error.message : 'This page could not be shown.'}</Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">Reload the page</Button>
      </Stack>
    </Container>
  );
}
