/** `/desk/editions/{id}/articles/{articleId}`: the article editor. */
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ArticleEditor } from '../../../features/desk-editions/components/article-editor';

export function Component() {
  const { id = '', articleId = '' } = useParams();
  return (
    <>
      <PageTitle>Edit article</PageTitle>
      <ArticleEditor key={articleId} editionId={id} articleId={articleId} />
    </>
  );
}
