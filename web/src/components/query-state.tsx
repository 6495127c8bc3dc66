/** What a page shows while its data loads or when it could not be read. */
import { Alert, Loader, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api/errors';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

export function ErrorNotice({ error, title = 'Could not load this' }: { error: unknown; title?: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
