/**
 * `/companies/{slug}`: the company (country, other names, parent and subsidiaries as links, counts
 * over itself, its other names and its subsidiaries), its projects (a table; a trial sees five, and
 * is told), the articles naming it (the archive scope), and its tenders when the plan has `wat`
 * (else which plans include tenders). A list the plan does not include says which plan does.
 */
import { Anchor, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { LoadMore } from '../../../components/load-more';
import { PageTitle } from '../../../components/page-title';
import { PlanNotice } from '../../../components/plan-gate';
import { NotInPlan, PreviewNotice } from '../../../components/plan-notice';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { Section } from '../../../components/section';
import { WatNotInPlan } from '../../../components/wat-not-in-plan';
import { ApiError } from '../../../lib/api/errors';
import { useEntitlements } from '../../../lib/entitlements';
import { formatAmount, formatDateTime, formatDay } from '../../../lib/format';
import { useCompany, useCompanyArticles, useCompanyProjects, useCompanyTenders } from '../api/companies';

const refused = (e: unknown) => e instanceof ApiError && e.status === 403;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function CompanyDetail({ slug }: { slug: string }) {
  const company = useCompany(slug);
  const projects = useCompanyProjects(slug);
  const articles = useCompanyArticles(slug);
  const plan = useEntitlements();
  const tendersReached = !!plan && (plan.has('wat') || plan.preview('wat'));
  const tenders = useCompanyTenders(slug, tendersReached);
  if (company.isPending) return <><PageTitle>Company</PageTitle><Loading /></>;
  if (company.isError) return <><PageTitle>Company</PageTitle><ErrorNotice error={company.error} title="Could not load this company" /></>;
  const c = company.data;
  return (
    <Stack gap="xl">
      <PageTitle>{c.name}</PageTitle>
      <Table variant="vertical" withTableBorder maw={640} aria-label="Company facts">
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row" w={180}>Country</Table.Th><Table.Td>{c.country_name ?? c.country_code ?? '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Also known as</Table.Th><Table.Td>{c.aliases.length ? c.aliases.join(', ') : '—'}</Table.Td></Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Parent company</Table.Th>
            <Table.Td>{c.parent ? <Anchor component={Link} to={`/companies/${c.parent.slug}`}>{c.parent.name}</Anchor> : '—'}</Table.Td>
          </Table.Tr>
          {c.website && <Table.Tr><Table.Th scope="row">Website</Table.Th><Table.Td><Anchor href={c.website} target="_blank" rel="noopener noreferrer">{c.website}</Anchor></Table.Td></Table.Tr>}
          <Table.Tr>
            <Table.Th scope="row">Records</Table.Th>
            <Table.Td data-testid="company-counts">
              {[count(c.project_count, 'project', 'projects'), count(c.tender_count, 'tender', 'tenders'), count(c.article_count, 'article', 'articles')].join(' · ')}
              <Text size="xs" c="dark.6">with its other names and subsidiaries</Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {c.subsidiaries.length > 0 && (
        <Section id="subsidiaries" title="Subsidiaries">
          <List>
            {c.subsidiaries.map((s) => <List.Item key={s.id}><Anchor component={Link} to={`/companies/${s.slug}`}>{s.name}</Anchor></List.Item>)}
          </List>
        </Section>
      )}
      <Section id="projects" title="Projects">
        {plan?.preview('projects') && <PreviewNotice what="projects" rows={5} fullIn="the Professional and Enterprise plans" />}
        {projects.isPending ? <Loading label="Loading projects…" /> : (projects.isLoadingError && refused(projects.error)) ? (
          <NotInPlan what="The projects database is not in your plan." includedIn="It is included in the Professional and Enterprise plans." />
        ) : projects.isLoadingError ? <ErrorNotice error={projects.error} /> : projects.data.length === 0 ? <Text size="sm">No projects of this company.</Text> : (
          <>
            <DataTable columns={['Project', 'Airport', 'Status', 'Value', 'Completion']} minWidth={640}>
              {projects.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td><Anchor component={Link} to={`/projects/${p.id}`}>{p.title}</Anchor></Table.Td>
                  <Table.Td>{p.iata_code ? <Anchor component={Link} to={`/airports/${p.iata_code}`}>{p.iata_code}</Anchor> : '—'}</Table.Td>
                  <Table.Td>{p.status}</Table.Td>
                  <Table.Td>{formatAmount(p.value_amount, p.value_currency)}</Table.Td>
                  <Table.Td>{p.expected_completion_year ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <LoadMore query={projects} noun="projects" />
          </>
        )}
      </Section>
      <Section id="articles" title="Articles">
        {plan?.preview('archive') && <PlanNotice kind="preview">Your trial shows the articles of the latest edition only; the whole archive comes with every paid plan.</PlanNotice>}
        {articles.isPending ? <Loading label="Loading articles…" /> : (articles.isLoadingError && refused(articles.error)) ? (
          <NotInPlan what="The archive is not in your plan." includedIn="It is included in every paid plan." />
        ) : articles.isLoadingError ? <ErrorNotice error={articles.error} /> : articles.data.length === 0 ? <Text size="sm">No article names this company.</Text> : (
          <>
            <List>
              {articles.data.map((x) => (
                <List.Item key={x.id}><Anchor component={Link} to={`/articles/${x.id}/${x.slug}`}>{x.headline}</Anchor> <Text span size="sm">(edition {x.edition_number}, {formatDay(x.publish_date)})</Text></List.Item>
              ))}
            </List>
            <LoadMore query={articles} noun="articles" />
          </>
        )}
      </Section>
      <Section id="tenders" title="Tenders">
        {!plan ? <Loading label="Checking your plan…" /> : !tendersReached ? <WatNotInPlan /> : (
          <>
            {plan.preview('wat') && <PreviewNotice what="tenders" rows={3} fullIn="the Worldwide Airport Tenders add-on or the Enterprise plan" />}
            {tenders.isPending ? <Loading label="Loading tenders…" /> : (tenders.isLoadingError && refused(tenders.error)) ? <WatNotInPlan /> : tenders.isLoadingError ? <ErrorNotice error={tenders.error} /> :
              tenders.data.length === 0 ? <Text size="sm">No tenders of this company.</Text> : (
                <>
                  <List>
                    {tenders.data.map((t) => (
                      <List.Item key={t.id}>
                        <Group gap={6} wrap="wrap">
                          <Anchor component={Link} to={`/tenders/${t.id}`}>{t.title}</Anchor>
                          <Text span size="sm">— {t.buyer}{t.deadline ? `, deadline ${formatDateTime(t.deadline)}` : ''} ({t.status})</Text>
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                  <LoadMore query={tenders} noun="tenders" />
                </>
              )}
          </>
        )}
      </Section>
    </Stack>
  );
}
