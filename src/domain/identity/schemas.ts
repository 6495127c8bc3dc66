/** TypeBox input schemas of the identity operations reachable over HTTP (API keys). */
import { Type, type Static } from 'typebox';

/** `POST /v1/account/api-keys`: a label, an optional expiry, an optional read-only flag. */
export const MintApiKeyInput = Type.Object({
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A name to recognise the key by' })),
  expires_at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description: 'When the key stops working (must be in the future); default never' })),
  read_only: Type.Optional(Type.Boolean({ description: 'Refuse every non-GET call except search (default false)' })),
}, { additionalProperties: false });
export type MintApiKeyInput = Static<typeof MintApiKeyInput>;
