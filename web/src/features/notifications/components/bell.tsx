/** The header's bell: the unread count (polled while the tab is visible), linking to /notifications. */
import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';

export function Bell() {
  const count = useUnreadCount(true);
  const unread = count.data ?? 0;
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} color="red.9">
      <ActionIcon component={Link} to="/notifications" variant="subtle" size="lg" aria-label={`Notifications: ${unread} unread`} data-testid="bell">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" /><path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        <VisuallyHidden>{`${unread} unread`}</VisuallyHidden>
      </ActionIcon>
    </Indicator>
  );
}
