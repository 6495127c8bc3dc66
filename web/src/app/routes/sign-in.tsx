/** `/sign-in`: email link, password or company sign-in; `?return_to=` comes back afterwards, `?error=sso` says the company sign-in failed. */
import { Alert, Anchor, Paper, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../features/auth/api/get-session';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { safeReturnTo } from '../../lib/return-to';

export function Component() {
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = params.get('return_to');
  if (session.data?.authenticated) return <Navigate to={safeReturnTo(returnTo)} replace />;
  return (
    <Paper maw={460} mx="auto" p={{ base: 'sm', sm: 'xl' }} withBorder>
      <PageTitle>Sign in</PageTitle>
      {params.get('error') === 'sso' && (
        <Alert color="red" role="alert" mb="md" title="Company sign-in did not work">
          Your company's sign-in did not complete. Try again, or sign in with an email link.
        </Alert>
      )}
      <SignInForm returnTo={returnTo} />
      <Text size="sm" mt="lg">
        New here? <Anchor component={Link} to={returnTo ? `/sign-up?return_to=${encodeURIComponent(returnTo)}` : '/sign-up'}>Create an account</Anchor>
      </Text>
    </Paper>
  );
}
