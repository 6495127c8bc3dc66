/** `/search`: the archive search (parameters in the URL: a search is a link someone can share). */
import { PageTitle } from '../../components/page-title';
import { SearchPage } from '../../features/search/components/search-page';

export function Component() {
  return (
    <>
      <PageTitle>Search the archive</PageTitle>
      <SearchPage />
    </>
  );
}
