/** `/account`: profile (name, time zone, country) and password. */
import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { PasswordForm } from '../../../features/account/components/password-form';
import { ProfileForm } from '../../../features/account/components/profile-form';

export function Component() {
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>Profile</PageTitle>
        <ProfileForm />
      </div>
      <section aria-labelledby="password-heading">
        <Text component="h2" id="password-heading" fw={600} size="lg" mb="sm">Password</Text>
        <PasswordForm />
      </section>
    </Stack>
  );
}
