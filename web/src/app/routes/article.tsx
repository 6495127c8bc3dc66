/** `/articles/{id}/{slug}`: one article (alert and newsletter mails link here). */
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useArticle } from '../../features/editions/api/get-article';
import { ArticleView } from '../../features/editions/components/article-view';

export function Component() {
  const id = useParams().id ?? '';
  const article = useArticle(id);
  return (
    <Stack>
      <PageTitle>{article.data?.headline ?? 'Article'}</PageTitle>
      {article.isPending ? <Loading /> : article.isError ? <ErrorNotice error={article.error} title="Could not open this article" /> : <ArticleView article={article.data} />}
    </Stack>
  );
}
