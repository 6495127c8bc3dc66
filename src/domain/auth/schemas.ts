/** TypeBox input schemas of the sign-in operations (`/v1/auth/*`, `/v1/account/password`, `/v1/account/sso`). */
import { Type, type Static } from 'typebox';

/** An email address as typed (trimmed and checked by the operation; case kept, compared without case). */
export const EmailField = Type.String({ minLength: 3, maxLength: 254, format: 'email', description: 'An email address' });
/** Where to go after signing in: a same-origin path starting with `/` (not `//`); anything else is ignored. */
export const ReturnToField = Type.String({ minLength: 1, maxLength: 2000, description: 'A same-origin path to go to after signing in (starts with "/", not "//"); anything else is ignored' });
/** A new password (NIST SP 800-63B: at least 8 characters, no composition rules; at most 256). */
export const PasswordField = Type.String({ minLength: 1, maxLength: 256, description: 'At least 8 characters; not the email address nor a common password' });
/** An emailed one-time token. */
export const TokenField = Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', description: 'The token of the emailed link' });

/** `POST /v1/auth/sign-up` */
export const SignUpInput = Type.Object({
  email: EmailField,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Display name' })),
  return_to: Type.Optional(ReturnToField),
}, { additionalProperties: false });
export type SignUpInput = Static<typeof SignUpInput>;

/** `POST /v1/auth/email-link` */
export const EmailLinkInput = Type.Object({ email: EmailField, return_to: Type.Optional(ReturnToField) }, { additionalProperties: false });
export type EmailLinkInput = Static<typeof EmailLinkInput>;

/** `POST /v1/auth/email-link/verify` */
export const VerifyLinkInput = Type.Object({ token: TokenField }, { additionalProperties: false });
export type VerifyLinkInput = Static<typeof VerifyLinkInput>;

/** `POST /v1/auth/sign-in` */
export const PasswordSignInInput = Type.Object({
  email: EmailField,
  password: Type.String({ minLength: 1, maxLength: 256, description: 'The password' }),
}, { additionalProperties: false });
export type PasswordSignInInput = Static<typeof PasswordSignInInput>;

/** `POST /v1/auth/password-reset` */
export const PasswordResetInput = Type.Object({ email: EmailField }, { additionalProperties: false });
export type PasswordResetInput = Static<typeof PasswordResetInput>;

/** `POST /v1/auth/password-reset/complete` */
export const PasswordResetCompleteInput = Type.Object({ token: TokenField, password: PasswordField }, { additionalProperties: false });
export type PasswordResetCompleteInput = Static<typeof PasswordResetCompleteInput>;

/** `PUT /v1/account/password` */
export const ChangePasswordInput = Type.Object({
  current_password: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'The password now (required when the user has one)' })),
  password: PasswordField,
}, { additionalProperties: false });
export type ChangePasswordInput = Static<typeof ChangePasswordInput>;

/** A domain name an SSO configuration covers (lower case in store). */
export const DomainName = Type.String({ minLength: 3, maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$', description: 'An email domain, e.g. example.com' });

/** `PUT /v1/account/sso` */
export const SsoConfigInput = Type.Object({
  issuer: Type.String({ minLength: 8, maxLength: 500, format: 'uri', description: 'The OpenID provider\'s issuer URL (its discovery document is at /.well-known/openid-configuration)' }),
  client_id: Type.String({ minLength: 1, maxLength: 500, description: 'The client id registered at the provider' }),
  client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'The client secret; omitted: the stored one is kept. Never read back' })),
  domains: Type.Array(DomainName, { minItems: 1, maxItems: 50, description: 'The email domains whose people sign in through this provider' }),
}, { additionalProperties: false });
export type SsoConfigInput = Static<typeof SsoConfigInput>;

/** `POST /v1/auth/sso/start` */
export const SsoStartInput = Type.Object({ email: EmailField, return_to: Type.Optional(ReturnToField) }, { additionalProperties: false });
export type SsoStartInput = Static<typeof SsoStartInput>;

/** `GET /v1/auth/sso/callback` */
export const SsoCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  state: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  error: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  iss: Type.Optional(Type.String({ maxLength: 500 })),
  session_state: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SsoCallbackQuery = Static<typeof SsoCallbackQuery>;
