/** `/sign-up`: name and email; the emailed link confirms the address and signs in. */
import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

export function Component() {
  const [params] = useSearchParams();
  return (
    <Paper maw={460} mx="auto" p={{ base: 'sm', sm: 'xl' }} withBorder>
      <PageTitle>Create your account</PageTitle>
      <SignUpForm returnTo={params.get('return_to')} />
      <Text size="sm" mt="lg">
        Already have an account? <Anchor component={Link} to="/sign-in">Sign in</Anchor>
      </Text>
    </Paper>
  );
}
