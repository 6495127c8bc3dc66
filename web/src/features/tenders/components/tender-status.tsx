/** A tender's derived status and its deadline as people read them. */
import { Badge, Text } from '@mantine/core';

export const TENDER_STATUS_LABELS: Record<string, string> = { open: 'Open', closing_soon: 'Closing soon', closed: 'Closed', awarded: 'Awarded', cancelled: 'Cancelled' };
export const TENDER_TYPE_LABELS: Record<string, string> = { rfp: 'Request for proposals', tender: 'Tender', framework: 'Framework', eoi: 'Expression of interest' };

export function TenderStatus({ status }: { status: string }) {
  const color = status === 'closing_soon' ? 'orange' : status === 'open' ? 'green' : 'gray';
  return <Badge variant="light" color={color}>{TENDER_STATUS_LABELS[status] ?? status}</Badge>;
}

/** "12 days left", "closes today", "closed 3 days ago" (null: no deadline). */
export function DaysToDeadline({ days }: { days: number | null }) {
  if (days === null) return <Text span size="sm">No deadline</Text>;
  const text = days > 1 ? `${days} days left` : days === 1 ? '1 day left' : days === 0 ? 'Closes today' : `Closed ${-days} day${days === -1 ? '' : 's'} ago`;
  return <Text span size="sm" fw={days >= 0 && days <= 14 ? 700 : undefined}>{text}</Text>;
}
