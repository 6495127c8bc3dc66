/**
 * `/desk/editions/{id}`: the edition being made — its executive summary fields and status, its
 * articles in order (drag and drop, or the "Move up"/"Move down" buttons with the keyboard; saved as
 * `sort_order`), add and remove articles, publish behind a confirmation that says what publishing does.
 */
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { fieldError } from '../../../lib/api/errors';
import { useLoadedVersion } from '../../../lib/loaded-version';
import { useCreateArticle, useDeleteArticle } from '../api/articles';
import {
  editionQuery, useEdition, useEditionArticles, usePublishEdition, useReorderArticles, useUpdateEdition, type AdminEdition, type EditionArticle,
} from '../api/editions';
import { STATUS_COLOR } from './editions-list';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

const valuesOf = (edition: AdminEdition) => ({
  publish_date: edition.publish_date, status: edition.status, summary: edition.summary ?? '',
  top_developments: (edition.top_developments ?? []).join('\n'), key_trends: (edition.key_trends ?? []).join('\n'),
});

/** The edition's own fields, saved from the version they were loaded at (`If-Match`); a stale save offers to reload. */
function SummaryForm({ edition, read }: { edition: AdminEdition; read: () => Promise<AdminEdition> }) {
  const update = useUpdateEdition(edition.id);
  const loaded = useLoadedVersion(edition, read);
  const form = useForm({ initialValues: valuesOf(edition) });
  const [saved, setSaved] = useState<string | null>(null);
  // The latest version replaces the form's values (nothing stale is kept) once the editor asks for it.
  const reload = async () => {
    const fresh = await loaded.reload();
    form.setValues(valuesOf(fresh));
    form.resetDirty(valuesOf(fresh));
    update.reset();
    setSaved('Reloaded the latest version.');
  };
  return (
    <form onSubmit={form.onSubmit((v) => {
      setSaved(null);
      update.mutate({
        version: loaded.version,
        body: {
          publish_date: v.publish_date, status: v.status as AdminEdition['status'], summary: v.summary,
          top_developments: lines(v.top_developments), key_trends: lines(v.key_trends),
        },
      }, { onSuccess: (answer) => { loaded.saved(answer); setSaved('Edition saved.'); } });
    })}>
      <Stack maw={720}>
        <Group grow>
          <TextInput label="Publish date" type="date" required {...form.getInputProps('publish_date')} error={fieldError(update.error, 'publish_date')} />
          <Select label="Status" data={['draft', 'published', 'archived']} allowDeselect={false} {...form.getInputProps('status')} error={fieldError(update.error, 'status')} />
        </Group>
        <Textarea label="Executive summary" autosize minRows={3} {...form.getInputProps('summary')} error={fieldError(update.error, 'summary')} />
        <Textarea label="Top developments" description="One per line" autosize minRows={2} {...form.getInputProps('top_developments')} error={fieldError(update.error, 'top_developments')} />
        <Textarea label="Key trends" description="One per line" autosize minRows={2} {...form.getInputProps('key_trends')} error={fieldError(update.error, 'key_trends')} />
        <WriteStatus error={update.error} success={saved} onReload={() => void reload()} />
        <Group><Button type="submit" loading={update.isPending}>Save edition</Button></Group>
      </Stack>
    </form>
  );
}

/** The articles in order: drag a row onto another, or move it with its buttons; each change is saved at once. */
function ArticleOrder({ editionId, articles }: { editionId: string; articles: EditionArticle[] }) {
  const reorder = useReorderArticles(editionId);
  const remove = useDeleteArticle();
  const [dragged, setDragged] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [removing, setRemoving] = useState<EditionArticle | null>(null);

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= articles.length || from === to) return;
    const next = [...articles];
    const [a] = next.splice(from, 1);
    next.splice(to, 0, a!);
    setAnnounce(`“${a!.headline}” moved to position ${to + 1} of ${next.length}.`);
    reorder.mutate(next, { onSuccess: () => setAnnounce(`“${a!.headline}” is now at position ${to + 1} of ${next.length}. Order saved.`) });
    // Keep the keyboard on the moved article's button.
    requestAnimationFrame(() => document.getElementById(`move-${a!.id}-${to > from ? 'down' : 'up'}`)?.focus());
  };

  if (articles.length === 0) return <Text>No articles yet: promote some from the inbox or add one.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">Drag an article onto another place, or use its Move up and Move down buttons.</Text>
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Articles in order">
        {articles.map((a, i) => (
          <Paper component="li" key={a.id} withBorder p="xs" draggable data-article-id={a.id}
            onDragStart={(e: React.DragEvent) => { setDragged(i); e.dataTransfer.effectAllowed = 'move'; }}
            onDragOver={(e: React.DragEvent) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; }}
            onDrop={(e: React.DragEvent) => { e.preventDefault(); if (dragged !== null) moveTo(dragged, i); setDragged(null); }}
            style={{ cursor: 'grab', opacity: dragged === i ? 0.5 : 1 }}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" w={24} ta="right" aria-hidden>{i + 1}.</Text>
                <Anchor component={Link} to={`/desk/editions/${editionId}/articles/${a.id}`}>{a.headline}</Anchor>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon id={`move-${a.id}-up`} variant="default" aria-label={`Move “${a.headline}” up`} disabled={i === 0 || reorder.isPending} onClick={() => moveTo(i, i - 1)}>↑</ActionIcon>
                <ActionIcon id={`move-${a.id}-down`} variant="default" aria-label={`Move “${a.headline}” down`} disabled={i === articles.length - 1 || reorder.isPending} onClick={() => moveTo(i, i + 1)}>↓</ActionIcon>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(a)} aria-label={`Remove “${a.headline}”`}>Remove</Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <div role="status" aria-live="polite" className="visually-hidden">{announce}</div>
      <WriteStatus error={reorder.error} />
      <ConfirmModal opened={removing !== null} title="Remove this article?" confirmLabel="Remove article" cancelLabel="Keep it"
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => { setRemoving(null); remove.reset(); }} pending={remove.isPending} error={remove.error}>
        <Text size="sm">“{removing?.headline}” is deleted from the edition (the answer keeps it in the audit log).</Text>
      </ConfirmModal>
    </Stack>
  );
}

function AddArticle({ editionId }: { editionId: string }) {
  const create = useCreateArticle();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [headline, setHeadline] = useState('');
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>Add article</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Add article" closeButtonProps={{ 'aria-label': 'Close' }}>
        <form onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ edition_id: editionId, headline }, { onSuccess: (a) => { setOpen(false); void navigate(`/desk/editions/${editionId}/articles/${a.id}`); } });
        }}>
          <Stack>
            <TextInput label="Headline" required value={headline} onChange={(e) => setHeadline(e.currentTarget.value)} error={fieldError(create.error, 'headline')} data-autofocus />
            <WriteStatus error={create.error} />
            <Group><Button type="submit" loading={create.isPending}>Create and edit</Button></Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

export function EditionDetail({ id }: { id: string }) {
  const edition = useEdition(id);
  const articles = useEditionArticles(id);
  const publish = usePublishEdition(id);
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => { if (edition.data) document.title = `Issue ${edition.data.number} · airport-intel`; }, [edition.data]);

  if (edition.isPending) return <Loading label="Loading the edition…" />;
  if (edition.isError) return <ErrorNotice error={edition.error} title="Could not load the edition" />;
  const e = edition.data;
  const read = () => qc.fetchQuery({ ...editionQuery(id), staleTime: 0 });
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Group gap="xs">
          <Text>Issue {e.number} · {e.publish_date}</Text>
          <Badge variant="light" color={STATUS_COLOR[e.status]}>{e.status}</Badge>
        </Group>
        <Group>
          <Anchor component={Link} to={`/desk/newsletter/${e.id}`}>Newsletter</Anchor>
          {e.status !== 'published' && <Button onClick={() => setConfirming(true)}>Publish…</Button>}
        </Group>
      </Group>
      <div role="status" aria-live="polite">{published && <Text size="sm" c="teal.9">{published}</Text>}</div>

      <section aria-labelledby="articles-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="articles-heading">Articles</Title>
          <AddArticle editionId={e.id} />
        </Group>
        {articles.isPending ? <Loading label="Loading the articles…" /> : articles.isError ? <ErrorNotice error={articles.error} /> : <ArticleOrder editionId={e.id} articles={articles.data} />}
      </section>

      <section aria-labelledby="summary-heading">
        <Title order={2} size="h3" id="summary-heading" mb="sm">Executive summary and status</Title>
        <SummaryForm key={formKey} edition={e} read={read} />
      </section>

      <ConfirmModal opened={confirming} title={`Publish issue ${e.number}?`} confirmLabel="Publish" cancelLabel="Not now"
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => { setConfirming(false); setPublished(`Issue ${e.number} is published.`); setFormKey((k) => k + 1); } })}
        onClose={() => { setConfirming(false); publish.reset(); }} pending={publish.isPending} error={publish.error}>
        <Text size="sm">
          Publishing makes issue {e.number} and its {articles.data?.length ?? e.article_count} articles visible to every reader (the
          editions, search, feeds and the change feed), and recomputes the rollups (article counts, the projects’ last seen
          edition). It does not send the newsletter: that is a separate step on the newsletter page.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
