/** `/editions/{number}`: one issue (summary, developments, trends, articles). */
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ErrorNotice, Loading } from '../../components/query-state';
import { useEdition } from '../../features/editions/api/get-edition';
import { EditionView } from '../../features/editions/components/edition-view';

export function Component() {
  const number = Number(useParams().number);
  const edition = useEdition(Number.isInteger(number) && number > 0 ? number : -1);
  return (
    <Stack>
      <PageTitle>{`Edition ${Number.isFinite(number) ? number : ''}`}</PageTitle>
      {edition.isPending ? <Loading /> : edition.isError ? <ErrorNotice error={edition.error} title="Could not open this edition" /> : edition.data ? <EditionView edition={edition.data} /> : null}
    </Stack>
  );
}
