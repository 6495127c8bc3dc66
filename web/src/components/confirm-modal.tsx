/** A dialog that asks before an action that cannot be undone (revoke, remove, cancel). */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api/errors';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  error: unknown;
}

export function ConfirmModal({ opened, title, children, confirmLabel, cancelLabel, onConfirm, onClose, pending, error }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {children}
        {error ? <Alert color="red" role="alert">{errorMessage(error)}</Alert> : null}
        <Group>
          <Button color="red" loading={pending} onClick={onConfirm}>{confirmLabel}</Button>
          <Button variant="default" onClick={onClose}>{cancelLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
