/**
 * The three ways in (docs/web-app.md): an emailed link (the default), a password, the company's sign-in
 * (OpenID Connect, for addresses whose domain an Enterprise account configured).
 */
import { Alert, Anchor, Button, PasswordInput, Stack, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { safeReturnTo } from '../../../lib/return-to';
import { useRequestEmailLink } from '../api/request-email-link';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignIn } from '../api/sign-in';
import { useStartSso } from '../api/start-sso';
import { EmailField, validEmail } from './email-field';

type Method = 'link' | 'password' | 'sso';

export function SignInForm({ returnTo }: { returnTo: string | null }) {
  const [method, setMethod] = useState<Method>('link');
  const [email, setEmail] = useState('');
  return (
    <Tabs value={method} onChange={(v) => setMethod((v as Method | null) ?? 'link')} keepMounted={false}>
      <Tabs.List grow mb="md" aria-label="How to sign in">
        <Tabs.Tab value="link">Email link</Tabs.Tab>
        <Tabs.Tab value="password">Password</Tabs.Tab>
        <Tabs.Tab value="sso">Company sign-in</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="link">
        <EmailLinkForm email={email} onEmail={setEmail} returnTo={returnTo} />
      </Tabs.Panel>
      <Tabs.Panel value="password">
        <PasswordForm email={email} onEmail={setEmail} returnTo={returnTo} onUseSso={() => setMethod('sso')} />
      </Tabs.Panel>
      <Tabs.Panel value="sso">
        <SsoForm email={email} onEmail={setEmail} returnTo={returnTo} />
      </Tabs.Panel>
    </Tabs>
  );
}

interface FormProps { email: string; onEmail: (email: string) => void; returnTo: string | null }

function EmailLinkForm({ email, onEmail, returnTo }: FormProps) {
  const request = useRequestEmailLink();
  const form = useForm({ initialValues: { email }, validate: { email: validEmail }, onValuesChange: (v) => onEmail(v.email) });
  return (
    <form onSubmit={form.onSubmit((v) => request.mutate({ email: v.email.trim(), return_to: safeReturnTo(returnTo) }))} noValidate>
      <Stack>
        <Text size="sm">We email you a link that signs you in. It works once, for 15 minutes.</Text>
        <EmailField {...form.getInputProps('email')} key={form.key('email')} data-autofocus />
        {request.isSuccess && (
          <Alert color="green" title="Check your email" role="status">
            If an account uses {form.getValues().email.trim()}, a sign-in link is on its way.
          </Alert>
        )}
        {request.isError && <Alert color="red" role="alert">{errorMessage(request.error)}</Alert>}
        <Button type="submit" loading={request.isPending}>Email me a sign-in link</Button>
      </Stack>
    </form>
  );
}

function PasswordForm({ email, onEmail, returnTo, onUseSso }: FormProps & { onUseSso: () => void }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email, password: '' },
    validate: { email: validEmail, password: (v) => (v ? null : 'Enter your password') },
    onValuesChange: (v) => onEmail(v.email),
  });
  const submit = form.onSubmit((v) =>
    signIn.mutate({ email: v.email.trim(), password: v.password }, {
      onSuccess: (answer) => { void navigate(safeReturnTo(returnTo ?? answer.return_to), { replace: true }); },
    }));
  const refused = signIn.error instanceof ApiError && signIn.error.status === 401;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <EmailField {...form.getInputProps('email')} key={form.key('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} key={form.key('password')} />
        {refused && (
          <Alert color="red" role="alert" title="Not signed in">
            The email address or password is not right. If your company signs you in,{' '}
            <Anchor component="button" type="button" onClick={onUseSso}>use your company's sign-in</Anchor>.
          </Alert>
        )}
        {signIn.isError && !refused && <Alert color="red" role="alert">{errorMessage(signIn.error)}</Alert>}
        <Button type="submit" loading={signIn.isPending}>Sign in</Button>
        <Anchor component="button" type="button" size="sm" ta="left"
          onClick={() => {
            if (form.validateField('email').hasError) return;
            reset.mutate({ email: form.getValues().email.trim() });
          }}>
          Forgot your password? Email me a link to choose a new one
        </Anchor>
        {reset.isSuccess && (
          <Alert color="green" role="status" title="Check your email">
            If an account uses that address, a link to choose a new password is on its way.
          </Alert>
        )}
        {reset.isError && <Alert color="red" role="alert">{errorMessage(reset.error)}</Alert>}
      </Stack>
    </form>
  );
}

function SsoForm({ email, onEmail, returnTo }: FormProps) {
  const start = useStartSso();
  const form = useForm({ initialValues: { email }, validate: { email: validEmail }, onValuesChange: (v) => onEmail(v.email) });
  const none = start.error instanceof ApiError && start.error.status === 404;
  return (
    <form onSubmit={form.onSubmit((v) => start.mutate({ email: v.email.trim(), return_to: safeReturnTo(returnTo) }))} noValidate>
      <Stack>
        <Text size="sm">Your work address takes you to your company's sign-in page.</Text>
        <EmailField label="Work email address" {...form.getInputProps('email')} key={form.key('email')} />
        {none && <Alert color="yellow" role="alert">No company sign-in is set up for that address. Use an email link or your password.</Alert>}
        {start.isError && !none && <Alert color="red" role="alert">{errorMessage(start.error)}</Alert>}
        <Button type="submit" loading={start.isPending || start.isSuccess}>Continue to my company's sign-in</Button>
      </Stack>
    </form>
  );
}
