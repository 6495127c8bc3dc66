/**
 * `/calendar`: upcoming industry events by start date (dates in the reader's language; days as
 * written, no time-zone shift); "Include past events" (`?past=1`, a link like any filter) lists
 * those that have ended too.
 */
import { Anchor, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { formatDay } from '../../../lib/format';
import { useCalendar } from '../api/list-events';

export function EventList() {
  const [params, setParams] = useSearchParams();
  const past = params.get('past') === '1';
  const events = useCalendar(past);
  return (
    <Stack>
      <Switch label="Include past events" checked={past} onChange={(e) => setParams(e.currentTarget.checked ? { past: '1' } : {})} />
      <Text role="status" aria-live="polite" size="sm">
        {events.isPending ? 'Loading events…' : events.data?.length ? `${events.data.length} event${events.data.length === 1 ? '' : 's'}${past ? '' : ' coming up'}` : past ? 'No events.' : 'No upcoming events.'}
      </Text>
      {events.isPending && <Loading label="Loading events…" />}
      {events.isError && <ErrorNotice error={events.error} />}
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Events">
        {events.data?.map((e) => (
          <Card component="li" key={e.id} withBorder padding="sm">
            <Text component="h2" fw={600} size="md">{e.url ? <Anchor href={e.url} target="_blank" rel="noopener noreferrer">{e.title}</Anchor> : e.title}</Text>
            <Group gap="xs" mt={4}>
              <Text size="sm"><time dateTime={e.starts_on}>{formatDay(e.starts_on)}</time>{e.ends_on && e.ends_on !== e.starts_on ? <> – <time dateTime={e.ends_on}>{formatDay(e.ends_on)}</time></> : null}</Text>
              {(e.city || e.country) && <Text size="sm">· {[e.venue, e.city, e.country].filter(Boolean).join(', ')}</Text>}
            </Group>
            {e.organiser && <Text size="sm">Organised by {e.organiser}</Text>}
            {e.description && <Text size="sm" mt={4}>{e.description}</Text>}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
