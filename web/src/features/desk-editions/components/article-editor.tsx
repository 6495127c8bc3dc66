/**
 * The article editor (`/desk/editions/{id}/articles/{articleId}`): headline, content, takeaways, why
 * it matters, source; topics, tags, airports and companies with type-ahead (the reference's topics,
 * airport and company search); "Suggest" asks `POST /v1/admin/suggest/metadata` and each suggestion
 * is accepted one by one into the form; linked projects with the ranked candidates and auto-link;
 * the cover (pin from the media library, or upload by drag and drop or the file input; release).
 */
import {
  Alert, Anchor, Badge, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { errorMessage, fieldError } from '../../../lib/api/errors';
import { useLoadedVersion } from '../../../lib/loaded-version';
import { useReference } from '../../../lib/reference';
import { useArticleProjects, useAutoLink, useProjectCandidates, useSetArticleProjects } from '../api/article-projects';
import {
  articleQuery, useAirportSearch, useArticle, useCompanySearch, useSuggestMetadata, useUpdateArticle, type AdminArticle,
} from '../api/articles';
import { useMediaLibrary, usePinCover, useReleaseCover, useUploadMedia } from '../api/cover';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

type Suggestion = NonNullable<ReturnType<typeof useSuggestMetadata>['data']>;
type ListField = 'topics' | 'tags' | 'airports' | 'companies';

const valuesOf = (article: AdminArticle) => ({
  headline: article.headline, content: article.content, takeaways: article.takeaways.join('\n'), why_it_matters: article.why_it_matters,
  source_name: article.source_name ?? '', source_url: article.source_url ?? '',
  topics: article.topics, tags: article.tags, airports: article.airports, companies: article.companies ?? [],
});

/** The article's fields, saved from the version they were loaded at (`If-Match`); a stale save offers to reload. */
function ArticleForm({ article, read }: { article: AdminArticle; read: () => Promise<AdminArticle> }) {
  const update = useUpdateArticle(article.id);
  const suggest = useSuggestMetadata();
  const reference = useReference();
  const loaded = useLoadedVersion(article, read);
  const form = useForm({ initialValues: valuesOf(article) });
  const [airportQ, setAirportQ] = useState('');
  const [companyQ, setCompanyQ] = useState('');
  const airports = useAirportSearch(airportQ);
  const companies = useCompanySearch(companyQ);
  const [saved, setSaved] = useState<string | null>(null);
  const [accepted, setAccepted] = useState('');
  // The latest version replaces the form's values (nothing stale is kept) once the editor asks for it.
  const reload = async () => {
    const fresh = await loaded.reload();
    form.setValues(valuesOf(fresh));
    form.resetDirty(valuesOf(fresh));
    update.reset();
    setAccepted('');
    setSaved('Reloaded the latest version.');
  };

  const accept = (field: ListField, value: string, label: string) => {
    const current = form.getValues()[field];
    if (!current.includes(value)) form.setFieldValue(field, [...current, value]);
    setAccepted(`Accepted ${label}. Save to keep it.`);
  };

  const v = form.getValues();
  const suggestions = (s: Suggestion): { field: ListField; value: string; label: string }[] => [
    ...s.airports.map((a) => ({ field: 'airports' as const, value: a.iata, label: `airport ${a.iata} (${a.name})` })),
    ...s.topics.map((t) => ({ field: 'topics' as const, value: t.slug, label: `topic ${t.name}` })),
    ...s.tags.map((t) => ({ field: 'tags' as const, value: t.slug, label: `tag ${t.name}` })),
    ...s.companies.map((c) => ({ field: 'companies' as const, value: c.name, label: `company ${c.name}` })),
  ].filter((x) => !v[x.field].includes(x.value));

  return (
    <form onSubmit={form.onSubmit((values) => {
      setSaved(null);
      update.mutate({
        version: loaded.version,
        body: {
          headline: values.headline, content: values.content, takeaways: lines(values.takeaways), why_it_matters: values.why_it_matters,
          source_name: values.source_name || null, source_url: values.source_url || null,
          topics: values.topics, tags: values.tags, airports: values.airports, companies: values.companies,
        },
      }, { onSuccess: (answer) => { loaded.saved(answer); setSaved('Article saved.'); setAccepted(''); } });
    })}>
      <Stack maw={760}>
        <TextInput label="Headline" required {...form.getInputProps('headline')} error={fieldError(update.error, 'headline')} />
        <Textarea label="Content" autosize minRows={5} {...form.getInputProps('content')} error={fieldError(update.error, 'content')} />
        <Textarea label="Key takeaways" description="One per line" autosize minRows={2} {...form.getInputProps('takeaways')} error={fieldError(update.error, 'takeaways')} />
        <Textarea label="Why it matters" autosize minRows={2} {...form.getInputProps('why_it_matters')} error={fieldError(update.error, 'why_it_matters')} />
        <Group grow>
          <TextInput label="Source name" {...form.getInputProps('source_name')} error={fieldError(update.error, 'source_name')} />
          <TextInput label="Source URL" type="url" {...form.getInputProps('source_url')} error={fieldError(update.error, 'source_url')} />
        </Group>
        <TagsInput label="Topics" description="Type to search the topics" data={(reference.data?.topics ?? []).map((t) => ({ value: t.slug, label: t.name }))}
          {...form.getInputProps('topics')} error={fieldError(update.error, 'topics')} />
        <TagsInput label="Tags" description="A new tag is created" {...form.getInputProps('tags')} error={fieldError(update.error, 'tags')} />
        <TagsInput label="Airports" description="IATA codes; type a name or a city to search" searchValue={airportQ} onSearchChange={setAirportQ}
          data={(airports.data ?? []).filter((a) => a.iata).map((a) => ({ value: a.iata!, label: `${a.iata} · ${a.name}` }))}
          {...form.getInputProps('airports')} error={fieldError(update.error, 'airports')} />
        <TagsInput label="Companies" description="Type to search the companies" searchValue={companyQ} onSearchChange={setCompanyQ}
          data={[...new Set((companies.data ?? []).map((c) => c.name))]}
          {...form.getInputProps('companies')} error={fieldError(update.error, 'companies')} />

        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Suggested metadata</Text>
              <Button size="xs" variant="light" loading={suggest.isPending}
                onClick={() => suggest.mutate({ headline: form.getValues().headline, text: form.getValues().content || form.getValues().headline })}>Suggest</Button>
            </Group>
            {suggest.isError && <Alert color="red" role="alert">{errorMessage(suggest.error)}</Alert>}
            {suggest.data && (suggestions(suggest.data).length === 0
              ? <Text size="sm">Nothing more to suggest.</Text>
              : (
                <Group gap="xs" role="list" aria-label="Suggestions">
                  {suggestions(suggest.data).map((s) => (
                    <div role="listitem" key={`${s.field}:${s.value}`}>
                      <Button size="xs" variant="default" onClick={() => accept(s.field, s.value, s.label)}>Accept {s.label}</Button>
                    </div>
                  ))}
                </Group>
              ))}
            <div role="status" aria-live="polite">{accepted && <Text size="sm">{accepted}</Text>}</div>
          </Stack>
        </Paper>

        <WriteStatus error={update.error} success={saved} onReload={() => void reload()} />
        <Group><Button type="submit" loading={update.isPending}>Save article</Button></Group>
      </Stack>
    </form>
  );
}

function Projects({ articleId }: { articleId: string }) {
  const linked = useArticleProjects(articleId);
  const candidates = useProjectCandidates(articleId);
  const set = useSetArticleProjects(articleId);
  const auto = useAutoLink(articleId);
  const [message, setMessage] = useState('');
  const ids = (linked.data ?? []).map((p) => p.project_id);
  return (
    <Stack gap="xs">
      {linked.isPending ? <Loading label="Loading linked projects…" /> : linked.isError ? <ErrorNotice error={linked.error} /> : (
        linked.data.length === 0 ? <Text size="sm">No linked project.</Text> : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Linked projects">
            {linked.data.map((p) => (
              <Group component="li" key={p.project_id} gap="xs">
                <Text size="sm">{p.title}</Text>
                <Badge size="sm" variant="light">{p.link_source}</Badge>
                <Button size="compact-xs" variant="subtle" color="red" aria-label={`Unlink ${p.title}`}
                  onClick={() => set.mutate(ids.filter((i) => i !== p.project_id), { onSuccess: () => setMessage(`Unlinked ${p.title}.`) })}>Unlink</Button>
              </Group>
            ))}
          </Stack>
        )
      )}
      <Text size="sm" fw={600}>Candidates, best first</Text>
      {candidates.isPending ? <Loading label="Ranking candidates…" /> : candidates.isError ? <ErrorNotice error={candidates.error} /> : (
        candidates.data.length === 0 ? <Text size="sm">No candidate shares anything with this article yet (save its airports, companies and topics first).</Text> : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Project candidates">
            {candidates.data.map((c) => (
              <Group component="li" key={c.project_id} gap="xs" wrap="nowrap">
                <Badge variant="filled" color="dark" aria-label={`Score ${c.score}`}>{c.score}</Badge>
                <Stack gap={0}>
                  <Text size="sm">{c.title}</Text>
                  <Text size="xs" c="dimmed">{c.reasons.map((r) => `${r.reason} (+${r.points})`).join('; ')}</Text>
                </Stack>
                {c.linked ? <Badge variant="light" color="teal">linked</Badge> : (
                  <Button size="compact-xs" variant="light" aria-label={`Link ${c.title}`} loading={set.isPending}
                    onClick={() => set.mutate([...ids, c.project_id], { onSuccess: () => { setMessage(`Linked ${c.title}.`); void candidates.refetch(); } })}>Link</Button>
                )}
              </Group>
            ))}
          </Stack>
        )
      )}
      <Group>
        <Button size="xs" variant="default" loading={auto.isPending}
          onClick={() => auto.mutate(undefined, { onSuccess: (r) => { setMessage(`Auto-link linked ${r.linked.length} project(s) scoring ${r.threshold} or more.`); void candidates.refetch(); } })}>Auto-link</Button>
      </Group>
      <div role="status" aria-live="polite">{message && <Text size="sm">{message}</Text>}</div>
      <WriteStatus error={set.error ?? auto.error} />
    </Stack>
  );
}

function Cover({ articleId, headline }: { articleId: string; headline: string }) {
  const [q, setQ] = useState('');
  const library = useMediaLibrary(q);
  const upload = useUploadMedia();
  const pin = usePinCover(articleId);
  const release = useReleaseCover(articleId);
  const [alt, setAlt] = useState(headline);
  const [over, setOver] = useState(false);
  const [message, setMessage] = useState('');

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate({ file, altText: alt }, {
      onSuccess: (asset) => pin.mutate(asset.id, { onSuccess: () => { setMessage(`Uploaded ${file.name} and pinned it as the cover.`); void library.refetch(); } }),
    });
  };

  return (
    <Stack gap="xs">
      <TextInput label="Alt text of an upload" value={alt} onChange={(e) => setAlt(e.currentTarget.value)} error={fieldError(upload.error, 'alt_text')} />
      <Paper withBorder p="lg" ta="center" data-dropzone
        onDragOver={(e: React.DragEvent) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)}
        onDrop={(e: React.DragEvent) => { e.preventDefault(); setOver(false); send(e.dataTransfer.files[0] ?? null); }}
        style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-0)' : undefined }}>
        <Stack gap="xs" align="center">
          <Text size="sm">Drop an image here (JPEG, PNG, WebP, AVIF or GIF), or</Text>
          <FileButton onChange={send} accept="image/png,image/jpeg,image/webp,image/avif,image/gif">
            {(props) => <Button {...props} size="xs" variant="default" loading={upload.isPending || pin.isPending}>Choose an image to upload</Button>}
          </FileButton>
        </Stack>
      </Paper>
      <TextInput label="Search the media library" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {library.isPending ? <Loading label="Loading the library…" /> : library.isError ? <ErrorNotice error={library.error} /> : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {library.data.slice(0, 8).map((m) => (
            <Paper key={m.id} withBorder p={4}>
              <Stack gap={4}>
                <Image src={m.widths[0] ? `${m.url}?w=${m.widths[0]}` : m.url} alt={m.alt_text ?? ''} h={60} fit="cover" loading="lazy" />
                <Text size="xs" lineClamp={1}>{m.alt_text || m.filename}</Text>
                <Button size="compact-xs" variant="light" onClick={() => pin.mutate(m.id, { onSuccess: () => setMessage('Cover pinned.') })}
                  aria-label={`Pin “${m.alt_text || m.id.slice(0, 8)}” as the cover`}>Pin</Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group><Button size="xs" variant="subtle" color="red" loading={release.isPending} onClick={() => release.mutate(undefined, { onSuccess: () => setMessage('Cover released: the derived cover applies again.') })}>Release the cover</Button></Group>
      <div role="status" aria-live="polite">{message && <Text size="sm">{message}</Text>}</div>
      <WriteStatus error={upload.error ?? pin.error ?? release.error} />
    </Stack>
  );
}

export function ArticleEditor({ editionId, articleId }: { editionId: string; articleId: string }) {
  const article = useArticle(articleId);
  const qc = useQueryClient();
  if (article.isPending) return <Loading label="Loading the article…" />;
  if (article.isError) return <ErrorNotice error={article.error} title="Could not load the article" />;
  const read = () => qc.fetchQuery({ ...articleQuery(articleId), staleTime: 0 });
  return (
    <Stack gap="xl">
      <Anchor component={Link} to={`/desk/editions/${editionId}`}>Back to issue {article.data.edition_number}</Anchor>
      <ArticleForm article={article.data} read={read} />
      <section aria-labelledby="projects-heading">
        <Title order={2} size="h3" id="projects-heading" mb="sm">Linked projects</Title>
        <Projects articleId={articleId} />
      </section>
      <section aria-labelledby="cover-heading">
        <Title order={2} size="h3" id="cover-heading" mb="sm">Cover</Title>
        <Cover articleId={articleId} headline={article.data.headline} />
      </section>
    </Stack>
  );
}
