/** Promote an inbox item to a draft article on a chosen draft edition (`POST /v1/admin/inbox/{id}/promote`). */
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { useDraftEditions } from '../api/list-draft-editions';
import type { InboxItem } from '../api/list-inbox';
import { usePromoteInboxItem } from '../api/promote-inbox-item';

export function PromoteModal({ item, onClose, onPromoted }: { item: InboxItem | null; onClose: () => void; onPromoted: (item: InboxItem, editionId: string) => void }) {
  const editions = useDraftEditions();
  const promote = usePromoteInboxItem();
  const [editionId, setEditionId] = useState<string | null>(null);
  const drafts = editions.data ?? [];
  useEffect(() => {
    if (item && !editionId && drafts[0]) setEditionId(drafts[0].id);
  }, [item, editionId, drafts]);
  const { reset } = promote;
  useEffect(() => { reset(); }, [item, reset]);

  return (
    <Modal opened={item !== null} onClose={onClose} title="Promote to a draft article" closeButtonProps={{ 'aria-label': 'Close' }}>
      {item && (
        <form onSubmit={(e) => {
          e.preventDefault();
          if (!editionId) return;
          promote.mutate({ id: item.id, editionId }, { onSuccess: () => onPromoted(item, editionId) });
        }}>
          <Stack>
            <Text size="sm">“{item.title}” becomes an unpublished article of the edition you choose (with its headline, excerpt, source and detected metadata). Promotion cannot be undone.</Text>
            {editions.isError && <Alert color="red" role="alert">{errorMessage(editions.error)}</Alert>}
            {editions.isSuccess && drafts.length === 0 && <Alert color="yellow" role="alert">There is no draft edition: create one under Editions first.</Alert>}
            <Select label="Draft edition" data={drafts.map((e) => ({ value: e.id, label: `Issue ${e.number} · ${e.publish_date}` }))}
              value={editionId} onChange={setEditionId} allowDeselect={false} data-autofocus required
              error={promote.error ? errorMessage(promote.error) : undefined} />
            <Group>
              <Button type="submit" loading={promote.isPending} disabled={!editionId}>Promote</Button>
              <Button variant="default" onClick={onClose}>Cancel</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
