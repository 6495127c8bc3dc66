/**
 * Company sign-in in real Chromium (issue 25): the owner of an Enterprise account sets up OpenID
 * Connect on /account/sso against a local OpenID provider (test/helpers/oidc-stand-in.ts); a new
 * person of that domain chooses "Company sign-in", goes through the provider and lands signed in,
 * a member of the Enterprise account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { startOidcStandIn, type OidcStandIn } from '../helpers/oidc-stand-in.js';
import { assertAccessible, expectHeading, freePort, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
let idp: OidcStandIn;

before(async () => {
  const port = await freePort();
  idp = await startOidcStandIn({ redirectUri: `http://127.0.0.1:${port}/v1/auth/sso/callback`, email: 'pat@corp.example', name: 'Pat Corp' });
  svc = await startBrowserService({ publicPort: port, outboundAllowedHosts: parseAllowedHosts('127.0.0.1') });
});
after(async () => {
  await svc.close();
  await idp.close();
});

describe('company sign-in', () => {
  it('the owner configures it; a new person of the domain signs in through the provider and is a member', async () => {
    const owner = await svc.h.identity({ plan: 'enterprise' });
    const ownerContext = await svc.newContext();
    const newcomerContext = await svc.newContext({ width: 360, height: 740 });
    try {
      const page = await ownerContext.newPage();
      await signInWithEmailLink(svc, page, owner.email);
      await page.goto('/account/sso');
      await expectHeading(page, 'Company sign-in');
      await page.getByLabel('Issuer').fill(idp.issuer);
      await page.getByLabel('Client id').fill(idp.clientId);
      await page.getByLabel('Client secret').fill(idp.clientSecret);
      await page.getByRole('textbox', { name: 'Email domains' }).fill('corp.example');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Save company sign-in' }).click();
      await page.getByText('Company sign-in saved').waitFor();
      await assertAccessible(page, '/account/sso');

      const newcomer = await newcomerContext.newPage();
      await newcomer.goto('/sign-in');
      await newcomer.getByRole('tab', { name: 'Company sign-in' }).click();
      await newcomer.getByLabel('Work email address').fill('pat@corp.example');
      await assertAccessible(newcomer, '/sign-in (company sign-in, 360 px)');
      await newcomer.getByRole('button', { name: "Continue to my company's sign-in" }).click();
      await newcomer.waitForURL((url) => url.origin === svc.baseUrl && url.pathname === '/account', { timeout: 20_000 });
      await expectHeading(newcomer, 'Profile');

      const res = await svc.call('/v1/account/members', { headers: owner.sessionAuth });
      const members = ((await res.json()) as { members: { email: string; status: string }[] }).members;
      assert.equal(members.find((m) => m.email.toLowerCase() === 'pat@corp.example')?.status, 'active', JSON.stringify(members));
    } finally {
      await ownerContext.close();
      await newcomerContext.close();
    }
  });
});
