/** A project's status as a word people read. */
import { Badge } from '@mantine/core';

export const PROJECT_STATUS_LABELS: Record<string, string> = { planned: 'Planned', ongoing: 'Ongoing', complete: 'Complete', cancelled: 'Cancelled', on_hold: 'On hold' };

export function ProjectStatus({ status }: { status: string }) {
  return <Badge variant="light" color={status === 'cancelled' ? 'gray' : status === 'complete' ? 'green' : 'blue'}>{PROJECT_STATUS_LABELS[status] ?? status}</Badge>;
}
