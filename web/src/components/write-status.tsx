/**
 * The outcome of a write next to the form that made it, the one such component of the app: a
 * confirmation (`role="status"`), or the service's problem detail (`role="alert"`); a change made
 * meanwhile by someone else (409: `If-Match` refused, decision 0050) says so and, when the form can
 * reload, offers to read the latest version (what was typed stays in the form until then). A write
 * made by a button with no form behind it (`inForm={false}`: enable a source) asks to reload and
 * try again instead.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api/errors';
import { isStaleWrite } from '../lib/api/problem-fields';

export function WriteStatus({ success, error, onReload, inForm = true }: { success?: string | null; error?: unknown; onReload?: () => void; inForm?: boolean }) {
  if (error) {
    if (isStaleWrite(error) && onReload) {
      return (
        <Alert color="orange" role="alert" title="Someone else changed this record">
          <Text size="sm" mb="xs">{errorMessage(error)} {inForm ? 'Your changes are still in the form; reload to see the stored record.' : 'Nothing was changed; reload to see the stored record, then try again.'}</Text>
          <Group><Button size="xs" variant="default" onClick={onReload}>Reload the latest version</Button></Group>
        </Alert>
      );
    }
    return <Alert color="red" role="alert">{errorMessage(error)}</Alert>;
  }
  return (
    <div role="status" aria-live="polite">
      {success ? <Text size="sm" fw={500}>{success}</Text> : null}
    </div>
  );
}
