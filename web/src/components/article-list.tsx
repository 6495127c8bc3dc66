/** A list of article cards with their covers (one covers request for the list). */
import { Stack, Text } from '@mantine/core';
import { useCovers } from '../lib/covers';
import { ArticleCard, type ArticleSummary } from './article-card';

export function ArticleList({ articles, empty = 'No articles.', eagerFirst = false, label }: {
  articles: (ArticleSummary & { extra?: React.ReactNode })[];
  empty?: string;
  /** The first cover is above the fold: load it eagerly. */
  eagerFirst?: boolean;
  label: string;
}) {
  const covers = useCovers(articles.map((a) => a.id));
  if (articles.length === 0) return <Text>{empty}</Text>;
  return (
    <Stack component="ul" aria-label={label} gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {articles.map((a, i) => (
        <li key={a.id}>
          <ArticleCard article={a} cover={covers.data?.get(a.id)} lazy={!(eagerFirst && i === 0)} extra={a.extra} />
        </li>
      ))}
    </Stack>
  );
}
