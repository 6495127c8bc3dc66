/**
 * What a reader is told when the plan narrows or does not include a page's data: a trial preview
 * (the list shows its first rows only) and "not in your plan" (which plan includes it), each with
 * the upgrade path (/account/subscription).
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The trial shows only the first `rows` of this list; `fullIn` names what shows all of them ("the Professional plan"). */
export function PreviewNotice({ what, rows, fullIn }: { what: string; rows: number; fullIn: string }) {
  return (
    <Alert color="blue" title="Trial preview" role="status" mb="md" data-testid="preview-notice">
      Your trial shows the first {rows} {what} of the list only. All of them, with paging and CSV export, come with {fullIn}.{' '}
      <Anchor component={Link} to="/account/subscription">Upgrade your subscription</Anchor>
    </Alert>
  );
}

/** The page's data is not in the reader's plan: which plan (or add-on) includes it, and how to get it. */
export function NotInPlan({ what, includedIn }: { what: string; includedIn: string }) {
  return (
    <Stack data-testid="not-in-plan">
      <Alert color="yellow" title="Not in your plan" role="status">
        <Text>{what} {includedIn}</Text>
      </Alert>
      <Anchor component={Link} to="/account/subscription">See plans and upgrade your subscription</Anchor>
    </Stack>
  );
}
