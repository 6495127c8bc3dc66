/** Sets, changes or removes the optional password; changing it ends the person's other sessions. */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api/errors';
import { newPasswordRules } from '../../../lib/password-rules';
import { useMe } from '../api/get-me';
import { useRemovePassword } from '../api/remove-password';
import { useSetPassword } from '../api/set-password';

export function PasswordForm() {
  const me = useMe();
  const set = useSetPassword();
  const remove = useRemovePassword();
  const hasPassword = me.data?.has_password === true;
  const form = useForm({
    initialValues: { current: '', password: '', confirm: '' },
    validate: { ...newPasswordRules, current: (v) => (hasPassword && !v ? 'Enter your current password' : null) },
  });
  const submit = form.onSubmit((v) =>
    set.mutate({ password: v.password, ...(hasPassword ? { current_password: v.current } : {}) }, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'green', message: 'Password saved. Your other sessions were signed out.' });
      },
    }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={520}>
        <Text size="sm">
          {hasPassword
            ? 'You can sign in with your password or an emailed link.'
            : 'You sign in with emailed links. A password is optional.'}
        </Text>
        {hasPassword && <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('current')} />}
        <PasswordInput label="New password" description="At least 8 characters." autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" {...form.getInputProps('confirm')} />
        {set.isError && <Alert color="red" role="alert">{errorMessage(set.error)}</Alert>}
        {remove.isError && <Alert color="red" role="alert">{errorMessage(remove.error)}</Alert>}
        <Group>
          <Button type="submit" loading={set.isPending}>{hasPassword ? 'Change password' : 'Set password'}</Button>
          {hasPassword && (
            <Button variant="default" loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => notifications.show({ message: 'Password removed: sign in with emailed links.' }) })}>
              Remove password
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
