/**
 * What a form shows after a write: a status message on success, the API's problem otherwise (an
 * alert), and for a 409 (someone else changed the record meanwhile, or the state forbids the write)
 * a button that reloads the record; what was typed stays in the form until then.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError, errorMessage } from '../lib/api/errors';

export function WriteFeedback({ error, success, onReload }: { error: unknown; success?: string | null; onReload?: () => void }) {
  const conflict = error instanceof ApiError && error.status === 409;
  return (
    <>
      <div role="status" aria-live="polite">{success && !error ? <Text size="sm" c="teal.9">{success}</Text> : null}</div>
      {error ? (
        <Alert color="red" role="alert" title={conflict ? 'This record changed meanwhile' : 'Not saved'}>
          <Group justify="space-between">
            <Text size="sm">{errorMessage(error)}{conflict ? ' Your changes are still in the form; reload to see the stored record.' : ''}</Text>
            {conflict && onReload ? <Button size="xs" variant="white" color="red" onClick={onReload}>Reload</Button> : null}
          </Group>
        </Alert>
      ) : null}
    </>
  );
}
