/** An edition: executive summary, top developments, key trends, and its articles with covers. */
import { List, Stack, Text, Title } from '@mantine/core';
import { ArticleList } from '../../../components/article-list';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useEditionArticles } from '../api/get-edition';

export interface EditionRecord {
  id: string; number: number; publish_date: string; summary: string; top_developments: string[]; key_trends: string[]; article_count: number;
}

export function EditionView({ edition }: { edition: EditionRecord }) {
  const articles = useEditionArticles(edition.id);
  return (
    <Stack gap="lg">
      <Text c="dark.6">Edition {edition.number} · {formatDate(edition.publish_date)} · {edition.article_count} articles</Text>
      {edition.summary && (
        <section aria-labelledby="summary">
          <Title order={2} id="summary" size="h3">Executive summary</Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{edition.summary}</Text>
        </section>
      )}
      {edition.top_developments.length > 0 && (
        <section aria-labelledby="developments">
          <Title order={2} id="developments" size="h3">Top developments</Title>
          <List>{edition.top_developments.map((d, i) => <List.Item key={i}>{d}</List.Item>)}</List>
        </section>
      )}
      {edition.key_trends.length > 0 && (
        <section aria-labelledby="trends">
          <Title order={2} id="trends" size="h3">Key trends</Title>
          <List>{edition.key_trends.map((d, i) => <List.Item key={i}>{d}</List.Item>)}</List>
        </section>
      )}
      <section aria-labelledby="articles">
        <Title order={2} id="articles" size="h3" mb="sm">Articles</Title>
        {articles.isPending ? <Loading /> : articles.isError ? <ErrorNotice error={articles.error} /> : (
          <ArticleList articles={articles.data} label={`Articles of edition ${edition.number}`} eagerFirst />
        )}
      </section>
    </Stack>
  );
}
