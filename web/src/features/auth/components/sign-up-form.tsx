/** Sign-up with an email address: the service emails a link that verifies it and signs in. */
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api/errors';
import { safeReturnTo } from '../../../lib/return-to';
import { useSignUp } from '../api/sign-up';
import { EmailField, validEmail } from './email-field';

export function SignUpForm({ returnTo }: { returnTo: string | null }) {
  const signUp = useSignUp();
  const form = useForm({ initialValues: { name: '', email: '' }, validate: { email: validEmail } });
  const submit = form.onSubmit((v) =>
    signUp.mutate({ email: v.email.trim(), ...(v.name.trim() ? { name: v.name.trim() } : {}), return_to: safeReturnTo(returnTo) }));
  if (signUp.isSuccess) {
    return (
      <Alert color="green" title="Check your email" role="status">
        We sent a link to {form.getValues().email.trim()}. Open it to confirm the address and sign in; it works once, for 15 minutes.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Your name" autoComplete="name" {...form.getInputProps('name')} key={form.key('name')} />
        <EmailField {...form.getInputProps('email')} key={form.key('email')} />
        {signUp.isError && <Alert color="red" role="alert">{errorMessage(signUp.error)}</Alert>}
        <Button type="submit" loading={signUp.isPending}>Create my account</Button>
      </Stack>
    </form>
  );
}
