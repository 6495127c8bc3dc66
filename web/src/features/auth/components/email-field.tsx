/** The email address field of the sign-in and sign-up forms. */
import { TextInput, type TextInputProps } from '@mantine/core';

export function EmailField(props: TextInputProps) {
  return <TextInput type="email" label="Email address" autoComplete="email" required {...props} />;
}

/** A light check before the service's own: something@something. */
export const validEmail = (value: string) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter an email address such as name@example.com');
