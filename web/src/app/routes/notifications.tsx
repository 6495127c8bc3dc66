/** `/notifications`: what changed on watched projects and what alerts matched. */
import { PageTitle } from '../../components/page-title';
import { NotificationList } from '../../features/notifications/components/notification-list';

export function Component() {
  return (
    <>
      <PageTitle>Notifications</PageTitle>
      <NotificationList />
    </>
  );
}
