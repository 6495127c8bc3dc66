/** `/tenders/{id}`: one tender (buyer, place, type, status, deadline with the days left, value in its own currency, source, award) with its bidders. */
import { Anchor, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api/errors';
import { formatAmount, formatDateTime, formatDay } from '../../../lib/format';
import { useTender } from '../api/get-tender';
import { DaysToDeadline, TENDER_TYPE_LABELS, TenderStatus } from './tender-status';
import { WatNotInPlan } from '../../../components/wat-not-in-plan';

export function TenderDetail({ id }: { id: string }) {
  const tender = useTender(id);
  if (tender.isPending) return <><PageTitle>Tender</PageTitle><Loading /></>;
  if (tender.isError) {
    return <><PageTitle>Tender</PageTitle>{tender.error instanceof ApiError && tender.error.status === 403 ? <WatNotInPlan /> : <ErrorNotice error={tender.error} title="Could not load this tender" />}</>;
  }
  const t = tender.data;
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>{t.title}</PageTitle>
        <Group gap="sm"><TenderStatus status={t.status} />{t.deadline && <DaysToDeadline days={t.days_to_deadline} />}</Group>
      </div>
      {t.description && <Text style={{ whiteSpace: 'pre-line' }}>{t.description}</Text>}
      <Table variant="vertical" withTableBorder maw={640} aria-label="Tender facts">
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row" w={200}>Buyer</Table.Th><Table.Td>{t.buyer}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Reference</Table.Th><Table.Td>{t.reference ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Airport</Table.Th><Table.Td>{t.iata_code ? <Anchor component={Link} to={`/airports/${t.iata_code}`}>{t.airport ?? t.iata_code} ({t.iata_code})</Anchor> : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Country and region</Table.Th><Table.Td>{[t.country_code, t.region].filter(Boolean).join(', ') || '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Notice type</Table.Th><Table.Td>{TENDER_TYPE_LABELS[t.type] ?? t.type}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Published</Table.Th><Table.Td>{formatDay(t.published_on)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Deadline</Table.Th><Table.Td>{t.deadline ? formatDateTime(t.deadline) : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Estimated value</Table.Th><Table.Td>{formatAmount(t.estimated_value, t.currency)}</Table.Td></Table.Tr>
          {t.awarded_to && <Table.Tr><Table.Th scope="row">Awarded to</Table.Th><Table.Td>{t.awarded_to}{t.awarded_on ? ` (${formatDay(t.awarded_on)})` : ''}</Table.Td></Table.Tr>}
          <Table.Tr><Table.Th scope="row">Source</Table.Th><Table.Td>{t.source_url ? <Anchor href={t.source_url} target="_blank" rel="noopener noreferrer">{t.source_name ?? t.source_url}</Anchor> : (t.source_name ?? '—')}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      <Section id="bidders" title="Bidders">
        {t.bidders.length === 0 ? <Text size="sm">No bidders recorded.</Text> : (
          <List>{t.bidders.map((b) => <List.Item key={b.name}>{b.name} <Text span size="sm">({b.outcome})</Text></List.Item>)}</List>
        )}
      </Section>
    </Stack>
  );
}
