/**
 * `/projects/{id}`: the project (place, type, status, value in its own currency, dates), its
 * programme and packages (`parent_project_id` both ways), the companies on it (→ /companies/{slug}), the articles that
 * mention it (each a link to `/articles/{id}/{slug}`), and watch.
 */
import { Anchor, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { Section } from '../../../components/section';
import { formatAmount, formatDay } from '../../../lib/format';
import { useProject } from '../api/get-project';
import { useProjects } from '../api/list-projects';
import { ProjectStatus } from './project-status';
import { WatchButton } from './watch-button';

export function ProjectDetail({ id }: { id: string }) {
  const project = useProject(id);
  const packages = useProjects({ parent_project_id: id, limit: 200 });
  const parentId = project.data?.parent_project_id;
  if (project.isPending) return <><PageTitle>Project</PageTitle><Loading /></>;
  if (project.isError) return <><PageTitle>Project</PageTitle><ErrorNotice error={project.error} title="Could not load this project" /></>;
  const p = project.data;
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>{p.title}</PageTitle>
        <Group gap="sm">
          <ProjectStatus status={p.status} />
          <WatchButton id={p.id} title={p.title} watched={p.is_watched} size="sm" />
        </Group>
      </div>
      {p.description && <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>}
      <Table variant="vertical" withTableBorder maw={640} aria-label="Project facts">
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row" w={200}>Airport</Table.Th><Table.Td>{p.iata_code ? <Anchor component={Link} to={`/airports/${p.iata_code}`}>{p.airport ?? p.iata_code} ({p.iata_code})</Anchor> : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Country and region</Table.Th><Table.Td>{[p.country_code, p.region].filter(Boolean).join(', ') || '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Type</Table.Th><Table.Td>{p.project_type ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Value</Table.Th><Table.Td data-testid="project-value">{formatAmount(p.value_amount, p.value_currency)}{p.value_basis ? ` (${p.value_basis})` : ''}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Announced</Table.Th><Table.Td>{p.announced_on ? formatDay(p.announced_on) : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Expected completion</Table.Th><Table.Td>{p.expected_completion_year ?? '—'}</Table.Td></Table.Tr>
          {parentId && <Table.Tr><Table.Th scope="row">Programme</Table.Th><Table.Td><Anchor component={Link} to={`/projects/${parentId}`}>The programme this project is a package of</Anchor></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      <Section id="packages" title="Packages">
        {packages.isPending ? <Loading label="Loading packages…" /> : packages.isError ? <ErrorNotice error={packages.error} /> :
          packages.data.projects.length === 0 ? <Text size="sm">No packages.</Text> : (
            <List>
              {packages.data.projects.map((c) => (
                <List.Item key={c.id}><Anchor component={Link} to={`/projects/${c.id}`}>{c.title}</Anchor> — {formatAmount(c.value_amount, c.value_currency)}</List.Item>
              ))}
            </List>
          )}
      </Section>
      <Section id="companies" title="Companies">
        {p.companies.length === 0 ? <Text size="sm">No companies recorded.</Text> : (
          <List>{p.companies.map((c) => <List.Item key={`${c.id}-${c.role}`}><Anchor component={Link} to={`/companies/${c.slug}`}>{c.name}</Anchor> <Text span size="sm">({c.role})</Text></List.Item>)}</List>
        )}
      </Section>
      <Section id="articles" title="Articles that mention it">
        {p.articles.length === 0 ? <Text size="sm">No article mentions it yet.</Text> : (
          <List>
            {p.articles.map((a) => (
              <List.Item key={a.id}>
                <Anchor component={Link} to={`/articles/${a.id}/${a.slug}`}>{a.headline}</Anchor>{' '}
                <Text span size="sm">(edition {a.edition_number}, {formatDay(a.publish_date)})</Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}
