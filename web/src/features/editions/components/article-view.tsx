/**
 * The article page's body: cover, why it matters, takeaways, text, source link, topics, tags,
 * airports and companies (→ /companies/{slug}) as links, the projects it mentions (→ /projects/{id}), save, related articles. Opening it records a view (once per article shown).
 */
import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ArticleList } from '../../../components/article-list';
import { NotInPlan } from '../../../components/plan-gate';
import { ErrorNotice } from '../../../components/query-state';
import { ApiError } from '../../../lib/api/errors';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useCovers } from '../../../lib/covers';
import { formatDate } from '../../../lib/format';
import { useArticleProjects, useRelatedArticles } from '../api/get-article';
import { useRecordView } from '../api/record-view';
import { useSaveArticle } from '../api/save-article';

export interface ArticleRecord {
  id: string; slug: string; headline: string; content: string; takeaways: string[]; why_it_matters: string;
  region: string | null; region_slug: string | null; country_code: string | null; source_name: string | null; source_url: string | null;
  edition_number: number; publish_date: string; topics: string[]; tags: string[]; airports: string[];
  companies: { id: string; slug: string; name: string }[]; is_saved: boolean;
}

export function ArticleView({ article }: { article: ArticleRecord }) {
  const covers = useCovers([article.id]);
  const cover = covers.data?.get(article.id);
  const save = useSaveArticle(article.id);
  const view = useRecordView();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === article.id) return;
    recorded.current = article.id;
    view.mutate(article.id);
  }, [article.id, view]);
  const related = useRelatedArticles(article.id);
  const projects = useArticleProjects(article.id);
  return (
    <Stack gap="md" component="article">
      <Group justify="space-between" wrap="wrap">
        <Text c="dark.6">
          <Anchor component={Link} to={`/editions/${article.edition_number}`} underline="always">Edition {article.edition_number}</Anchor> · {formatDate(article.publish_date)}
          {article.region ? ` · ${article.region}` : ''}
        </Text>
        <Button variant={article.is_saved ? 'filled' : 'default'} aria-pressed={article.is_saved} loading={save.isPending} onClick={() => save.mutate(!article.is_saved)}>
          {article.is_saved ? 'Saved' : 'Save'}
        </Button>
      </Group>
      <div role="status" aria-live="polite">{save.isSuccess ? (save.data ? 'Saved to your library.' : 'Removed from your library.') : ''}</div>
      {save.isError && <ErrorNotice error={save.error} title="Could not save" />}
      {cover && <ResponsiveImage media={cover} sizes="(min-width: 1000px) 960px, 100vw" style={{ borderRadius: 4, maxHeight: 480 }} />}
      {article.why_it_matters && (
        <section aria-labelledby="why">
          <Title order={2} id="why" size="h3">Why it matters</Title>
          <Text>{article.why_it_matters}</Text>
        </section>
      )}
      {article.takeaways.length > 0 && (
        <section aria-labelledby="takeaways">
          <Title order={2} id="takeaways" size="h3">Key takeaways</Title>
          <List>{article.takeaways.map((t, i) => <List.Item key={i}>{t}</List.Item>)}</List>
        </section>
      )}
      {article.content && <Text style={{ whiteSpace: 'pre-line' }}>{article.content}</Text>}
      {article.source_url && (
        <Text size="sm">Source: <Anchor href={article.source_url} target="_blank" rel="noopener noreferrer">{article.source_name ?? article.source_url}</Anchor></Text>
      )}
      {article.airports.length > 0 && (
        <Group gap="xs" component="nav" aria-label="Airports">
          <Text size="sm" fw={600}>Airports:</Text>
          {article.airports.map((iata) => <Anchor key={iata} component={Link} to={`/airports/${iata}`} size="sm">{iata}</Anchor>)}
        </Group>
      )}
      {article.companies.length > 0 && (
        <Group gap="xs" component="nav" aria-label="Companies">
          <Text size="sm" fw={600}>Companies:</Text>
          {article.companies.map((c) => <Anchor key={c.id} component={Link} to={`/companies/${c.slug}`} size="sm">{c.name}</Anchor>)}
        </Group>
      )}
      {article.topics.length + article.tags.length > 0 && (
        <Group gap="xs" component="nav" aria-label="Topics and tags">
          <Text size="sm" fw={600}>Topics:</Text>
          {[...article.topics, ...article.tags].map((t) => (
            <Badge key={t} component={Link} to={`/search?terms=${encodeURIComponent(t)}`} variant="light" style={{ cursor: 'pointer' }}>{t}</Badge>
          ))}
        </Group>
      )}
      <section aria-labelledby="article-projects">
        <Title order={2} id="article-projects" size="h3" mb="sm">Projects in this article</Title>
        {projects.isError
          ? projects.error instanceof ApiError && projects.error.status === 403
            ? <NotInPlan what="The projects database" features={['projects']} />
            : <ErrorNotice error={projects.error} />
          : projects.data && (projects.data.length === 0
            ? <Text c="dark.6">No project is linked to this article.</Text>
            : (
              <List aria-label="Projects in this article">
                {projects.data.map((p) => (
                  <List.Item key={p.id}>
                    <Anchor component={Link} to={`/projects/${p.id}`}>{p.title}</Anchor>
                    <Text span size="sm" c="dark.6">{[p.airport, p.country_code, p.status].filter(Boolean).map((x) => ` · ${x}`).join('')}</Text>
                  </List.Item>
                ))}
              </List>
            ))}
      </section>
      <section aria-labelledby="related">
        <Title order={2} id="related" size="h3" mb="sm">Related articles</Title>
        {related.isError ? <ErrorNotice error={related.error} /> : related.data ? <ArticleList articles={related.data} label="Related articles" empty="No related articles." /> : null}
      </section>
    </Stack>
  );
}
