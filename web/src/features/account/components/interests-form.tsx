/** Favourite topics, regions, tags and airports (they drive mine=true and the personal newsletter). */
import { Alert, Button, MultiSelect, Stack, TagsInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { useInterests } from '../api/get-interests';
import { useReference } from '../../../lib/reference';
import { useReplaceInterests } from '../api/replace-interests';

interface Interests { topics: string[]; tags: string[]; regions: string[]; airports: string[] }

export function InterestsForm() {
  const interests = useInterests();
  if (interests.isPending) return <Loading />;
  if (interests.isError) return <ErrorNotice error={interests.error} />;
  return <InterestsFields initial={interests.data} />;
}

function InterestsFields({ initial }: { initial: Interests }) {
  const reference = useReference();
  const replace = useReplaceInterests();
  const form = useForm({ initialValues: initial });
  const options = (terms: { slug: string; name: string }[] | undefined, chosen: string[]) => {
    const list = (terms ?? []).map((t) => ({ value: t.slug, label: t.name }));
    for (const c of chosen) if (!list.some((o) => o.value === c)) list.push({ value: c, label: c });
    return list;
  };
  const submit = form.onSubmit((v) =>
    replace.mutate({ ...v, airports: v.airports.map((a) => a.trim().toUpperCase()) }, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Interests saved' }),
    }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={620}>
        <MultiSelect label="Topics" searchable data={options(reference.data?.topics, initial.topics)} {...form.getInputProps('topics')} />
        <MultiSelect label="Regions" searchable data={options(reference.data?.regions, initial.regions)} {...form.getInputProps('regions')} />
        <TagsInput label="Airports" description="IATA codes, e.g. LHR; press Enter after each." {...form.getInputProps('airports')} />
        <TagsInput label="Tags" description="Tag slugs; press Enter after each." {...form.getInputProps('tags')} />
        {replace.isError && <Alert color="red" role="alert">{errorMessage(replace.error)}</Alert>}
        <Button type="submit" loading={replace.isPending} w="fit-content">Save interests</Button>
      </Stack>
    </form>
  );
}
