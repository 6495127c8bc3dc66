/**
 * The domain's view of the authorization server (`OAuthServerPort`, src/domain/oauth/interactions.ts)
 * over `oidc-provider`'s models: interactions, clients and grants.
 */
import type Provider from 'oidc-provider';
import type { OAuthServerPort } from '../../domain/oauth/index.js';

/** The port of `provider`. */
export function oauthPort(provider: Provider): OAuthServerPort {
  return {
    async interaction(uid) {
      const found = await provider.Interaction.find(uid);
      if (!found || found.result) return undefined;
      const clientId = found.params.client_id;
      return typeof clientId === 'string' ? { uid, clientId, params: found.params } : undefined;
    },
    async client(clientId) {
      const client = await provider.Client.find(clientId);
      if (!client) return undefined;
      const meta = client.metadata() as { client_name?: string; client_uri?: string; redirect_uris?: string[] };
      return { clientId, name: meta.client_name ?? null, uri: meta.client_uri ?? null, redirectUris: meta.redirect_uris ?? [] };
    },
    async grant({ accountId, clientId, resources, scopes, oidcScopes }) {
      const grant = new provider.Grant({ accountId, clientId });
      // The granted scopes are OpenID-level too (provider.ts): granting them there satisfies the consent check.
      const openid = [...oidcScopes, ...scopes.filter((s) => s !== 'admin')];
      if (openid.length) grant.addOIDCScope(openid.join(' '));
      for (const resource of resources) grant.addResourceScope(resource, scopes.join(' '));
      return grant.save();
    },
    async finish(uid, result) {
      const found = await provider.Interaction.find(uid);
      if (!found) throw new Error(`interaction ${uid} vanished`);
      found.result = result;
      await found.save(Math.max(1, found.exp - Math.floor(Date.now() / 1000)));
      return found.returnTo;
    },
    async revokeGrant(grantId) {
      // Every token and code of the grant (the adapter deletes by grant id), then the grant itself.
      const models = provider as unknown as Record<'AccessToken' | 'Grant', { adapter: { revokeByGrantId(id: string): Promise<void>; destroy(id: string): Promise<void> } }>;
      await models.AccessToken.adapter.revokeByGrantId(grantId);
      await models.Grant.adapter.destroy(grantId);
    },
  };
}
