/**
 * An article in a list: its cover (when it has one), headline linking to `/articles/{id}/{slug}`,
 * edition and date, and a summary (or the children, e.g. a highlighted snippet).
 */
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../lib/format';
import { ResponsiveImage, type ResponsiveMedia } from './responsive-image';

export interface ArticleSummary {
  id: string;
  slug: string;
  headline: string;
  why_it_matters: string;
  edition_number: number;
  publish_date: string;
}

/** The reader's path of an article. */
export const articlePath = (a: { id: string; slug: string }) => `/articles/${a.id}/${a.slug || 'article'}`;

export function ArticleCard({ article, cover, lazy = true, title, children, extra }: {
  article: ArticleSummary;
  cover?: ResponsiveMedia | undefined;
  lazy?: boolean;
  /** Replaces the headline's text (e.g. highlighted). */
  title?: ReactNode;
  children?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="article">
      <Group align="flex-start" wrap="wrap" gap="md">
        {cover && (
          <div style={{ width: 200, maxWidth: '100%', flex: '0 0 auto' }}>
            <ResponsiveImage media={cover} lazy={lazy} sizes="200px" style={{ borderRadius: 4 }} />
          </div>
        )}
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Anchor component={Link} to={articlePath(article)} fw={600} fz="lg">
            {title ?? article.headline}
          </Anchor>
          <Text size="sm" c="dark.6">Edition {article.edition_number} · {formatDate(article.publish_date)}</Text>
          {children ?? (article.why_it_matters ? <Text size="sm">{article.why_it_matters}</Text> : null)}
          {extra}
        </Stack>
      </Group>
    </Card>
  );
}
