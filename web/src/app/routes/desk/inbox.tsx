/** `/desk/inbox`: the editorial inbox (triage). */
import { PageTitle } from '../../../components/page-title';

export function Component() {
  return <PageTitle>Inbox</PageTitle>;
}
