/** `/auth/link?token=…`: the emailed link's landing; signs the browser in and goes where the person was going. */
import { Alert, Anchor, Paper } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Loading } from '../../components/query-state';
import { useVerifyEmailLink } from '../../features/auth/api/verify-email-link';
import { errorMessage } from '../../lib/api/errors';
import { safeReturnTo } from '../../lib/return-to';

/** Tokens already sent: the link works once, and React may run an effect twice in development. */
const sent = new Set<string>();

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmailLink();
  useEffect(() => {
    if (!token || sent.has(token)) return;
    sent.add(token);
    verify.mutate(token, { onSuccess: (answer) => { void navigate(safeReturnTo(answer.return_to), { replace: true }); } });
  }, [token, verify, navigate]);
  return (
    <Paper maw={460} mx="auto" p={{ base: 'sm', sm: 'xl' }} withBorder>
      <PageTitle>Signing you in</PageTitle>
      {!token && <Alert color="red" role="alert">This link has no token. Open the link from the email again.</Alert>}
      {verify.isPending && <Loading label="Checking your link…" />}
      {verify.isError && (
        <Alert color="red" role="alert" title="This link does not work">
          {errorMessage(verify.error)} Links work once, for 15 minutes.{' '}
          <Anchor component={Link} to="/sign-in">Ask for a new one</Anchor>.
        </Alert>
      )}
    </Paper>
  );
}
