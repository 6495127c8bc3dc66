/**
 * What a plan narrows or excludes, said on the page with the upgrade path (/account/subscription).
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePlansIncluding, type Feature } from '../lib/me';

/** A notice that `what` is a preview (`narrowed`) or not included (`excluded`) in the reader's plan. */
export function PlanNotice({ kind, children }: { kind: 'preview' | 'excluded'; children: React.ReactNode }) {
  return (
    <Alert color={kind === 'preview' ? 'blue' : 'yellow'} title={kind === 'preview' ? 'Trial preview' : 'Not in your plan'} mb="md">
      <Text size="sm">{children}</Text>
      <Anchor component={Link} to="/account/subscription" size="sm">See plans and upgrade</Anchor>
    </Alert>
  );
}

/** "`what` is not included in your plan; the X and Y plans include it", with the upgrade link. */
export function NotInPlan({ what, features }: { what: string; features: Feature[] }) {
  const plans = usePlansIncluding(...features);
  const names = plans.data ?? [];
  return (
    <PlanNotice kind="excluded">
      {what} is not included in your plan{names.length ? `; ${names.length === 1 ? 'the plan that includes it' : 'plans that include it'}: ${names.join(', ')}` : ''}.
    </PlanNotice>
  );
}
