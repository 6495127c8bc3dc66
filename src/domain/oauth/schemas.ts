/** TypeBox input schemas of the OAuth operations of the /v1 edition (`/v1/oauth/interactions/{uid}`, `/v1/account/connected-apps`). */
import { Type, type Static } from 'typebox';

/** The id of an authorization server interaction (the `interaction` query parameter of `/oauth/consent`). */
export const InteractionUidParam = Type.Object({
  uid: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The interaction id (the `interaction` parameter of /oauth/consent)' }),
});

/** `POST /v1/oauth/interactions/{uid}` */
export const DecideInteractionInput = Type.Object({
  decision: Type.Union([Type.Literal('allow'), Type.Literal('deny')], { description: '`allow` grants the scopes shown; `deny` refuses the app' }),
}, { additionalProperties: false });
export type DecideInteractionInput = Static<typeof DecideInteractionInput>;

/** A registered app's id (`client_id`). */
export const ClientIdParam = Type.Object({
  client_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$', description: 'The app\'s client id' }),
});
