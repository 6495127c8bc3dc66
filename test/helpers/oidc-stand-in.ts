/**
 * A local OpenID provider for tests (`oidc-provider`), standing in for a company's sign-in
 * service at the protocol level: discovery, authorization (code flow, PKCE required), token and
 * JWKS endpoints on a free port of 127.0.0.1, one registered client and one test user. Its
 * interaction (login and consent) completes by itself: the authorization URL redirects straight
 * back to the client's redirect URI with a code, so a browser (Playwright) or a test following
 * redirects by hand finishes the flow.
 *
 * ```ts
 * const idp = await startOidcStandIn({ redirectUri: 'http://127.0.0.1:3000/v1/auth/sso/callback', email: 'pat@corp.example' });
 * // PUT /v1/account/sso { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: ['corp.example'] }
 * // (the app needs OUTBOUND_ALLOWED_HOSTS=127.0.0.1 to reach it)
 * const location = await idp.authorize(authorizationUrl);   // the redirect URI with ?code=…&state=…
 * await idp.close();
 * ```
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A running stand-in. */
export interface OidcStandIn {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The test user's claims. */
  user: { sub: string; email: string; name: string };
  /** Changes the user the next sign-ins are for. */
  setUser(user: { sub?: string; email: string; name?: string }): void;
  /**
   * Follows an authorization URL through the provider (its cookies kept between hops) and returns
   * the URL it finally redirects to outside itself (the client's redirect URI with `code`, `state`
   * and `iss`).
   */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the stand-in with one client (`redirectUri`) and one user. */
export async function startOidcStandIn(options: { redirectUri: string; email?: string; name?: string; clientId?: string; clientSecret?: string }): Promise<OidcStandIn> {
  const user = { sub: 'stand-in-user-1', email: options.email ?? 'pat@corp.example', name: options.name ?? 'Pat Example' };
  const clientId = options.clientId ?? 'airport-intel-test';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret-0123456789';
  let provider!: Provider;
  const server = http.createServer((req, res) => {
    // The interaction (login, then consent) completes at once for the test user.
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          const grant = new provider.Grant({ accountId: user.sub, clientId });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
          void details;
        } catch (err) {
          res.statusCode = 500;
          res.end(String(err));
        }
      })();
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub, email: user.email, email_verified: true, name: user.name }) }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['stand-in-cookie-key-0123456789'] },
    // The id token carries the claims (the client asks for none at the userinfo endpoint).
    conformIdTokenClaims: false,
  });
  return {
    issuer, clientId, clientSecret, user,
    setUser(next) {
      user.email = next.email;
      user.sub = next.sub ?? `stand-in-${next.email}`;
      user.name = next.name ?? next.email;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (!url.startsWith(issuer)) return url;
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the stand-in answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
        url = new URL(location, url).toString();
      }
      throw new Error('too many redirects at the stand-in');
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
