/**
 * The consent of an app's authorization request: who asks, what each scope lets it do, on whose
 * account; Allow or Deny. The answer sends the browser on to the authorization server, which
 * returns to the app.
 */
import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { useDecideInteraction } from '../api/decide-interaction';
import { useInteraction } from '../api/get-interaction';

export function Consent({ uid }: { uid: string }) {
  const interaction = useInteraction(uid);
  const decide = useDecideInteraction(uid);
  if (!uid) return <Alert color="red" role="alert">This page needs an authorization request: start again from the app.</Alert>;
  if (interaction.isPending) return <Loading label="Reading the app's request…" />;
  if (interaction.isError) return <ErrorNotice error={interaction.error} title="This request cannot be answered" />;
  const { client, scopes, account } = interaction.data;
  const name = client.name ?? 'An app';
  const answer = (decision: 'allow' | 'deny') =>
    decide.mutate(decision, { onSuccess: (to) => window.location.assign(to) });
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack>
        <Text size="lg"><strong>{name}</strong> wants to use airport-intel as <strong>{account.email}</strong>.</Text>
        {client.uri && <Text size="sm">The app's site: {client.uri}</Text>}
        {client.redirect_uri && <Text size="sm">It will receive the answer at {new URL(client.redirect_uri).host}.</Text>}
        <Text fw={600} id="consent-scopes">If you allow it, it may:</Text>
        <List aria-labelledby="consent-scopes" spacing="xs">
          {scopes.map((s) => <List.Item key={s.scope}>{s.description}</List.Item>)}
        </List>
        <Text size="sm">It acts with your plan's access and counts against your daily request quota. You can disconnect it at any time under Account → Connected apps.</Text>
        {decide.isError && <Alert color="red" role="alert">{errorMessage(decide.error)}</Alert>}
        <Group>
          <Button onClick={() => answer('allow')} loading={decide.isPending && decide.variables === 'allow'} disabled={decide.isPending || decide.isSuccess}>Allow</Button>
          <Button variant="default" onClick={() => answer('deny')} loading={decide.isPending && decide.variables === 'deny'} disabled={decide.isPending || decide.isSuccess}>Deny</Button>
        </Group>
        <div role="status" aria-live="polite">{decide.isSuccess ? 'Returning to the app…' : ''}</div>
      </Stack>
    </Card>
  );
}
