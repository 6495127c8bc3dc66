/**
 * The account's subscription (plan, status, period end, trial, cancel) and buying one: the plans of
 * /v1/plans, the quote of /v1/billing/quote, checkout at the provider's hosted page.
 */
import { Alert, Badge, Button, Card, Checkbox, Group, List, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Section } from '../../../components/section';
import { useState } from 'react';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCreateCheckout } from '../api/create-checkout';
import { useBillingConfig } from '../api/get-billing-config';
import { type QuoteQuery, useQuote } from '../api/get-quote';
import { useSubscription } from '../api/get-subscription';
import { usePlans } from '../api/list-plans';
import { useStartTrial } from '../api/start-trial';

export function SubscriptionPanel() {
  const subscription = useSubscription();
  if (subscription.isPending) return <Loading />;
  if (subscription.isError) return <ErrorNotice error={subscription.error} />;
  return (
    <Stack gap="xl">
      <Current subscription={subscription.data} />
      <Buy />
    </Stack>
  );
}

type Sub = NonNullable<Awaited<ReturnType<typeof import('../api/get-subscription').getSubscription>>>;

const STATUS: Record<Sub['status'], string> = { trialing: 'Trial', active: 'Active', past_due: 'Payment due', canceled: 'Cancelled' };

function Current({ subscription }: { subscription: Sub | null }) {
  const trial = useStartTrial();
  const cancel = useCancelSubscription();
  const [confirm, setConfirm] = useState(false);
  if (!subscription) {
    return (
      <Section id="current" title="Your plan">
        <Stack>
          <Text>Your account has no subscription yet. Try everything for 14 days, or choose a plan below.</Text>
          {trial.isError && <Alert color="red" role="alert">{errorMessage(trial.error)}</Alert>}
          <Button w="fit-content" loading={trial.isPending} onClick={() => trial.mutate()}>Start a 14-day trial</Button>
        </Stack>
      </Section>
    );
  }
  return (
    <Section id="current" title="Your plan">
      <Table variant="vertical" withTableBorder maw={560}>
        <Table.Tbody>
          <Table.Tr><Table.Th scope="row" w={180}>Plan</Table.Th><Table.Td data-testid="plan">{subscription.plan}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Status</Table.Th><Table.Td><Badge data-testid="status" color={subscription.status === 'active' || subscription.status === 'trialing' ? 'green' : 'red'} variant="light">{STATUS[subscription.status]}</Badge></Table.Td></Table.Tr>
          {subscription.trial_end && <Table.Tr><Table.Th scope="row">Trial ends</Table.Th><Table.Td>{formatDate(subscription.trial_end)}</Table.Td></Table.Tr>}
          <Table.Tr><Table.Th scope="row">{subscription.cancel_at_period_end ? 'Access until' : 'Renews'}</Table.Th><Table.Td>{subscription.current_period_end ? formatDate(subscription.current_period_end) : '—'}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th scope="row">Seats</Table.Th><Table.Td>{subscription.seats.used} of {subscription.seats.bought} used</Table.Td></Table.Tr>
          {subscription.addons.length > 0 && <Table.Tr><Table.Th scope="row">Add-ons</Table.Th><Table.Td>{subscription.addons.join(', ')}</Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      {subscription.status !== 'canceled' && !subscription.cancel_at_period_end && (
        <Button mt="md" color="red" variant="light" onClick={() => setConfirm(true)}>Cancel subscription</Button>
      )}
      {subscription.cancel_at_period_end && <Text mt="md" size="sm">Cancelled: access continues until the end of the period.</Text>}
      <ConfirmModal opened={confirm} onClose={() => setConfirm(false)} title="Cancel the subscription?" confirmLabel="Cancel at period end" cancelLabel="Keep it"
        pending={cancel.isPending} error={cancel.error} onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setConfirm(false) })}>
        <Text>It ends at the end of the current period; until then everything keeps working.</Text>
      </ConfirmModal>
    </Section>
  );
}

function Buy() {
  const plans = usePlans();
  const config = useBillingConfig();
  const checkout = useCreateCheckout();
  const [choice, setChoice] = useState<QuoteQuery | null>(null);
  const quote = useQuote(choice);
  if (plans.isPending) return <Loading label="Loading plans…" />;
  if (plans.isError) return <ErrorNotice error={plans.error} />;
  const buyable = plans.data.filter((p) => p.prices.length > 0);
  const plan = buyable.find((p) => p.code === choice?.plan);
  const currencies = [...new Set(plan?.prices.map((p) => p.currency) ?? [])];
  const intervals = [...new Set(plan?.prices.filter((p) => p.currency === choice?.currency).map((p) => p.interval) ?? [])];
  const wat = plan?.addons.find((a) => a.code === 'wat');
  const choose = (code: string) => {
    const p = buyable.find((x) => x.code === code)!;
    const price = p.prices.find((x) => x.currency === 'USD') ?? p.prices[0]!;
    setChoice({ plan: code, currency: price.currency, interval: price.interval, extra_seats: 0, add_wat: false });
  };
  return (
    <Section id="buy" title="Plans">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="lg">
        {buyable.map((p) => (
          <Card key={p.code} withBorder component="article" aria-labelledby={`plan-${p.code}`}>
            <Text component="h3" id={`plan-${p.code}`} fw={600}>{p.name}</Text>
            <List size="sm" my="sm">
              <List.Item>{p.included_seats} seat{p.included_seats === 1 ? '' : 's'} included</List.Item>
              <List.Item>{p.daily_quota.toLocaleString()} API requests per key per day</List.Item>
              <List.Item>{p.features.join(', ')}</List.Item>
            </List>
            <Button variant={choice?.plan === p.code ? 'filled' : 'light'} onClick={() => choose(p.code)} aria-pressed={choice?.plan === p.code}>
              {choice?.plan === p.code ? `${p.name} chosen` : `Choose ${p.name}`}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {choice && plan && (
        <Stack maw={560}>
          <Group grow align="flex-start">
            <Select label="Currency" allowDeselect={false} data={currencies} value={choice.currency}
              onChange={(v) => v && setChoice({ ...choice, currency: v, interval: plan.prices.find((p) => p.currency === v)?.interval ?? choice.interval })} />
            <Select label="Billing" allowDeselect={false} value={choice.interval ?? 'month'}
              data={intervals.map((i) => ({ value: i, label: i === 'month' ? 'Monthly' : 'Yearly' }))}
              onChange={(v) => v && setChoice({ ...choice, interval: v as 'month' | 'year' })} />
          </Group>
          <NumberInput label="Extra seats" allowDecimal={false} min={0} max={1000} value={choice.extra_seats ?? 0}
            onChange={(v) => setChoice({ ...choice, extra_seats: typeof v === 'number' ? Math.max(0, Math.floor(v)) : 0 })} />
          {wat && (
            <Checkbox label={`Add ${wat.name}`} checked={choice.add_wat ?? false}
              onChange={(e) => setChoice({ ...choice, add_wat: e.currentTarget.checked })} />
          )}
          {quote.isError && <Alert color="red" role="alert">{errorMessage(quote.error)}</Alert>}
          {quote.data && (
            <Table aria-label="Quote" withTableBorder>
              <Table.Tbody>
                {quote.data.line_items.map((l) => (
                  <Table.Tr key={l.code}><Table.Td>{l.description}{l.quantity > 1 ? ` × ${l.quantity}` : ''}</Table.Td><Table.Td ta="right">{formatMoney(l.amount, quote.data.currency)}</Table.Td></Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">Total per {quote.data.interval}</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="quote-total">{formatMoney(quote.data.total, quote.data.currency)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
          {config.data && !config.data.checkout_enabled && (
            <Alert color="yellow" role="status">Card payment is not set up on this service. Ask for an invoice instead.</Alert>
          )}
          {checkout.isError && <Alert color="red" role="alert">{errorMessage(checkout.error)}</Alert>}
          <Button w="fit-content" disabled={!config.data?.checkout_enabled || !quote.data} loading={checkout.isPending || checkout.isSuccess}
            onClick={() => checkout.mutate({ plan: choice.plan, currency: choice.currency, interval: choice.interval ?? 'month', extra_seats: choice.extra_seats ?? 0, add_wat: choice.add_wat ?? false })}>
            Check out
          </Button>
        </Stack>
      )}
    </Section>
  );
}
