/** `/alerts`: the reader's alert rules (`?from=<search parameters>` pre-fills a new rule from a search). */
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { NotInPlan } from '../../components/plan-gate';
import { useEntitlements } from '../../lib/me';
import { AlertRules } from '../../features/alerts/components/alert-rules';

export function Component() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const me = useEntitlements();
  const initialQuery = from ? Object.fromEntries(new URLSearchParams(from)) : undefined;
  return (
    <Stack>
      <PageTitle>Alerts</PageTitle>
      {me.data && !me.data.has('alerts') && !me.data.preview('alerts') && <NotInPlan what="Alerts" features={['alerts']} />}
      <AlertRules initialQuery={initialQuery} />
    </Stack>
  );
}
