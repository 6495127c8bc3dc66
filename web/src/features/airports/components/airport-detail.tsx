/**
 * `/airports/{iata}`: the airport (codes, city, country, region), its imagery (responsive, with the
 * ThumbHash placeholder; below the first image, lazy), its projects (a trial sees five, and is told)
 * and the articles that mention it. A list the plan does not include says which plan does.
 */
import { Anchor, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more';
import { PageTitle } from '../../../components/page-title';
import { NotInPlan, PreviewNotice } from '../../../components/plan-notice';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api/errors';
import { useEntitlements } from '../../../lib/entitlements';
import { formatAmount, formatDay } from '../../../lib/format';
import { useAirport, useAirportArticles, useAirportMedia, useAirportProjects } from '../api/airports';

const refused = (e: unknown) => e instanceof ApiError && e.status === 403;

export function AirportDetail({ iata }: { iata: string }) {
  const airport = useAirport(iata);
  const media = useAirportMedia(iata);
  const projects = useAirportProjects(iata);
  const articles = useAirportArticles(iata);
  const plan = useEntitlements();
  if (airport.isPending) return <><PageTitle>Airport</PageTitle><Loading /></>;
  if (airport.isError) return <><PageTitle>Airport</PageTitle><ErrorNotice error={airport.error} title="Could not load this airport" /></>;
  const a = airport.data;
  return (
    <Stack gap="xl">
      <PageTitle>{`${a.name} (${a.iata})`}</PageTitle>
      <Table variant="vertical" withTableBorder maw={560} aria-label="Airport facts">
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row" w={160}>Codes</Table.Th><Table.Td>IATA {a.iata}{a.icao ? `, ICAO ${a.icao}` : ''}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">City</Table.Th><Table.Td>{a.city ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Country</Table.Th><Table.Td>{a.country}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Region</Table.Th><Table.Td>{a.region}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
      {media.data && media.data.length > 0 && (
        <Section id="imagery" title="Imagery">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {media.data.map((m, i) => (
              <figure key={m.id} style={{ margin: 0 }}>
                <ResponsiveImage media={m} lazy={i > 0} sizes="(min-width: 768px) 480px, 100vw" style={{ borderRadius: 4 }} />
                {(m.credit || m.licence) && <Text component="figcaption" size="xs" mt={4}>{[m.credit, m.licence].filter(Boolean).join(' · ')}</Text>}
              </figure>
            ))}
          </SimpleGrid>
        </Section>
      )}
      <Section id="projects" title="Projects">
        {plan?.preview('projects') && <PreviewNotice what="projects" rows={5} fullIn="the Professional and Enterprise plans" />}
        {projects.isPending ? <Loading label="Loading projects…" /> : (projects.isLoadingError && refused(projects.error)) ? (
          <NotInPlan what="The projects database is not in your plan." includedIn="It is included in the Professional and Enterprise plans." />
        ) : projects.isLoadingError ? <ErrorNotice error={projects.error} /> : projects.data.length === 0 ? <Text size="sm">No projects at this airport.</Text> : (
          <>
            <List>
              {projects.data.map((p) => (
                <List.Item key={p.id}><Anchor component={Link} to={`/projects/${p.id}`}>{p.title}</Anchor> <Text span size="sm">— {formatAmount(p.value_amount, p.value_currency)}</Text></List.Item>
              ))}
            </List>
            <LoadMore query={projects} noun="projects" />
          </>
        )}
      </Section>
      <Section id="articles" title="Articles">
        {articles.isPending ? <Loading label="Loading articles…" /> : (articles.isLoadingError && refused(articles.error)) ? (
          <NotInPlan what="The archive is not in your plan." includedIn="It is included in every paid plan." />
        ) : articles.isLoadingError ? <ErrorNotice error={articles.error} /> : articles.data.length === 0 ? <Text size="sm">No article mentions this airport.</Text> : (
          <>
            <List>
              {articles.data.map((x) => (
                <List.Item key={x.id}><Anchor component={Link} to={`/articles/${x.id}/${x.slug}`}>{x.headline}</Anchor> <Text span size="sm">({formatDay(x.publish_date)})</Text></List.Item>
              ))}
            </List>
            <LoadMore query={articles} noun="articles" />
          </>
        )}
      </Section>
    </Stack>
  );
}
