/** `/auth/reset?token=…`: choose a new password (the emailed link); signs in and ends the other sessions. */
import { Alert, Anchor, Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useCompletePasswordReset } from '../../features/auth/api/complete-password-reset';
import { errorMessage } from '../../lib/api/errors';
import { newPasswordRules } from '../../lib/password-rules';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: newPasswordRules });
  return (
    <Paper maw={460} mx="auto" p={{ base: 'sm', sm: 'xl' }} withBorder>
      <PageTitle>Choose a new password</PageTitle>
      <form noValidate onSubmit={form.onSubmit((v) => complete.mutate({ token, password: v.password }, { onSuccess: () => { void navigate('/account', { replace: true }); } }))}>
        <Stack>
          <PasswordInput label="New password" description="At least 8 characters." autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
          {complete.isError && (
            <Alert color="red" role="alert">
              {errorMessage(complete.error)} <Anchor component={Link} to="/sign-in">Ask for a new link</Anchor>.
            </Alert>
          )}
          <Button type="submit" loading={complete.isPending} disabled={!token}>Save the password and sign in</Button>
        </Stack>
      </form>
    </Paper>
  );
}
