/**
 * `/desk/media`: the media library. Filter to unbound assets or search; upload by dropping an image
 * on the drop area or choosing it with the file input (with alt text and credit); edit an asset's
 * alt text and credit (from the version the page loaded: a change made meanwhile by someone else
 * is refused and the form offers to reload); delete one (an asset an article pins cannot be
 * deleted: the service's problem detail says which and why, in the dialog).
 */
import { Button, Card, Checkbox, FileInput, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type DragEvent } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadMore } from '../../../components/load-more';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { fieldErrorsOf } from '../../../lib/api/problem-fields';
import { useLoadedVersion } from '../../../lib/loaded-version';
import { readMedia, useDeleteMedia, useMedia, useUpdateMedia, useUploadMedia, type MediaAsset } from '../api/media';

function Upload() {
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [credit, setCredit] = useState('');
  const [over, setOver] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const named = fieldErrorsOf(upload.error);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const submit = async () => {
    if (!file) return;
    setDone(null);
    try {
      const m = await upload.mutateAsync({ file, alt_text: alt, credit });
      setDone(`Uploaded ${m.filename}.`);
      setFile(null); setAlt(''); setCredit('');
    } catch { /* shown below */ }
  };

  return (
    <Card withBorder>
      <Stack>
        <div onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={onDrop}
          data-testid="media-drop" style={{ border: `2px dashed ${over ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-5)'}`, borderRadius: 8, padding: 16, textAlign: 'center' }}>
          <Text size="sm">Drop an image here (JPEG, PNG, WebP, AVIF or GIF), or choose one below.</Text>
          {file ? <Text size="sm" fw={500}>Ready: {file.name}</Text> : null}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FileInput label="Image file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" value={file} onChange={setFile} clearable error={named.file} />
          <TextInput label="Alt text" value={alt} onChange={(e) => setAlt(e.currentTarget.value)} error={named.alt_text} />
          <TextInput label="Credit" value={credit} onChange={(e) => setCredit(e.currentTarget.value)} error={named.credit} />
        </SimpleGrid>
        <WriteStatus success={done} error={upload.error} />
        <Group><Button onClick={() => void submit()} disabled={!file} loading={upload.isPending}>Upload</Button></Group>
      </Stack>
    </Card>
  );
}

const valuesOf = (asset: MediaAsset) => ({ alt_text: asset.alt_text ?? '', credit: asset.credit ?? '' });

/** An asset's alt text and credit, saved from the version they were loaded at (`If-Match`); a stale save offers to reload. */
function EditAsset({ asset, onDone }: { asset: MediaAsset; onDone: (m: MediaAsset) => void }) {
  const update = useUpdateMedia();
  const loaded = useLoadedVersion(asset, () => readMedia(asset.id));
  const form = useForm({ initialValues: valuesOf(asset) });
  const [reloaded, setReloaded] = useState<string | null>(null);
  // The latest version replaces the form's values once the editor asks for it.
  const reload = async () => {
    const fresh = await loaded.reload();
    form.setValues(valuesOf(fresh));
    update.reset();
    setReloaded('Reloaded the latest version.');
  };
  const submit = form.onSubmit(async (v) => {
    setReloaded(null);
    try {
      const saved = await update.mutateAsync({ id: asset.id, version: loaded.version, body: { alt_text: v.alt_text.trim() || null, credit: v.credit.trim() || null } });
      loaded.saved(saved);
      onDone(saved);
    } catch (e) {
      const named = fieldErrorsOf(e);
      for (const k of ['alt_text', 'credit'] as const) if (named[k]) form.setFieldError(k, named[k]);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Alt text" {...form.getInputProps('alt_text')} />
        <TextInput label="Credit" {...form.getInputProps('credit')} />
        <WriteStatus error={update.error} success={reloaded} onReload={() => void reload()} />
        <Group><Button type="submit" loading={update.isPending}>Save</Button></Group>
      </Stack>
    </form>
  );
}

export function DeskMedia() {
  const [unbound, setUnbound] = useState(false);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const media = useMedia({ unbound, q: debounced });
  const remove = useDeleteMedia();
  const [editing, setEditing] = useState<MediaAsset | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <Stack>
      <Upload />
      <Group align="end" wrap="wrap">
        <TextInput label="Search file name, alt text or credit" value={q} onChange={(e) => setQ(e.currentTarget.value)} style={{ flex: 1, minWidth: 200 }} />
        <Checkbox label="Only unbound assets" checked={unbound} onChange={(e) => setUnbound(e.currentTarget.checked)} mb={6} />
      </Group>
      <WriteStatus success={message} />
      {media.isPending ? <Loading label="Loading the library…" />
        : media.isLoadingError ? <ErrorNotice error={media.error} />
        : media.data.length === 0 ? <Text>No assets{unbound || debounced ? ' match' : ' yet'}.</Text>
        : (
          <div>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label="Media library">
              {media.data.map((m) => (
                <Card component="li" key={m.id} withBorder padding="sm">
                  <Card.Section>
                    <Image src={`${m.url}?w=320`} alt={m.alt_text ?? ''} h={160} fit="cover" />
                  </Card.Section>
                  <Stack gap={4} mt="sm">
                    <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>{m.filename}</Text>
                    <Text size="sm">Alt text: {m.alt_text ?? <em>none</em>}</Text>
                    <Text size="sm">Credit: {m.credit ?? <em>none</em>}</Text>
                    <Text size="sm">{m.pinned_count > 0 ? `Pinned by ${m.pinned_count} article${m.pinned_count > 1 ? 's' : ''}` : 'Not pinned'}</Text>
                    <Group gap="xs">
                      <Button size="xs" variant="light" aria-label={`Edit ${m.filename}`} onClick={() => setEditing(m)}>Edit</Button>
                      <Button size="xs" variant="light" color="red" aria-label={`Delete ${m.filename}`} onClick={() => { remove.reset(); setDeleting(m); }}>Delete</Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            <LoadMore query={media} noun="assets" />
          </div>
        )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.filename ?? ''}`} closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing && <EditAsset asset={editing} onDone={(m) => { setEditing(null); setMessage(`Saved ${m.filename}.`); }} />}
      </Modal>
      <ConfirmModal opened={deleting !== null} title="Delete this asset?" confirmLabel="Delete" cancelLabel="Keep it"
        pending={remove.isPending} error={remove.error} onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: (m) => { setDeleting(null); setMessage(`Deleted ${m.filename}.`); } })}>
        <Text>{deleting?.filename} and its cached sizes will be deleted.</Text>
      </ConfirmModal>
    </Stack>
  );
}
