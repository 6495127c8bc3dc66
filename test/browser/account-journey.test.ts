/// <reference lib="dom" />
/**
 * A person's account in real Chromium (issue 25, "Done when"): sign up → open the emailed link →
 * set a password → sign out → sign in with the password → start a trial → mint an API key, copy it,
 * call /v1/me with it → revoke it → the next call is 401. Also: a signed-out visit to
 * /account/api-keys comes back there after sign-in; the keyboard alone signs in and mints a key.
 * axe-core finds no serious or critical violation on any page visited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessible, expectHeading, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
before(async () => { svc = await startBrowserService(); });
after(() => svc.close());

const PASSWORD = 'correct horse battery staple 25';

/** Signs in with email and password on /sign-in (the page must be open). */
async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('tabpanel', { name: 'Password' }).locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** What has the keyboard focus. */
interface Focused { tag: string | undefined; role: string | null; selected: string | null; type: string | null; text: string | null; label: string | null }
const focused = (page: Page): Promise<Focused> => page.evaluate(() => {
  const el = document.activeElement;
  return {
    tag: el?.tagName, role: el?.getAttribute('role') ?? null, selected: el?.getAttribute('aria-selected') ?? null,
    type: el instanceof HTMLInputElement ? el.type : null, text: el?.textContent?.trim() ?? null,
    label: el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent ?? null : null,
  };
});

/** Gives a user made by the harness a password, over the API with its bearer session. */
async function givePassword(session: string) {
  const res = await svc.call('/v1/account/password', { method: 'PUT', headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
  assert.equal(res.status, 204, await res.text());
}

describe('a new person, from sign-up to a revoked API key', () => {
  it('signs up, signs in by link and by password, mints, copies, uses and revokes a key', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    const email = `new-${Date.now()}@example.test`;
    try {
      await page.goto('/sign-up');
      await expectHeading(page, 'Create your account');
      await page.getByLabel('Your name').fill('Nadia New');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByText('Check your email').waitFor();
      await assertAccessible(page, '/sign-up (sent)');

      const link = await svc.mailedLink(email, /https?:\/\/\S+\/auth\/link\?token=[\w.~-]+/);
      assert.ok(link.startsWith(`${svc.baseUrl}/auth/link?token=`), link);
      await page.goto(link);
      await page.waitForURL('**/account');
      await expectHeading(page, 'Profile');
      await page.getByLabel('Name').and(page.locator('[value="Nadia New"]')).waitFor();
      await assertAccessible(page, '/account');

      // A password, then out and back in with it.
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Repeat the new password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText(/Password saved/).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/sign-in');
      await expectHeading(page, 'Sign in');
      assert.equal((await page.request.get('/v1/auth/session').then((r) => r.json()) as { authenticated: boolean }).authenticated, false);
      await signInWithPassword(page, email, PASSWORD);
      await page.waitForURL('**/account');
      await expectHeading(page, 'Profile');

      // No plan yet: a trial opens the API.
      await page.getByRole('link', { name: 'Subscription' }).click();
      await expectHeading(page, 'Subscription');
      await assertAccessible(page, '/account/subscription');
      await page.getByRole('button', { name: 'Start a 14-day trial' }).click();
      await page.getByTestId('status').getByText('Trial').waitFor();

      await page.getByRole('link', { name: 'API keys' }).click();
      await expectHeading(page, 'API keys');
      await page.getByLabel('Label').fill('browser journey');
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your new API key' });
      await dialog.waitFor();
      await assertAccessible(page, '/account/api-keys (new key shown)');
      const key = (await dialog.getByTestId('minted-key').textContent())?.trim() ?? '';
      assert.match(key, /^svc_live_/);
      await dialog.getByRole('button', { name: 'Copy key' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key, 'the copy button put the key on the clipboard');
      await dialog.getByRole('button', { name: 'Done' }).click();

      const me = await svc.call('/v1/me', { headers: { authorization: `Bearer ${key}` } });
      assert.equal(me.status, 200);
      assert.ok(((await me.json()) as { features: string[] }).features.includes('api'));

      await page.getByRole('button', { name: 'Revoke key browser journey' }).click();
      await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('Key revoked').waitFor();
      await page.getByText('No keys yet.').waitFor();
      await assertAccessible(page, '/account/api-keys (revoked)');
      assert.equal((await svc.call('/v1/me', { headers: { authorization: `Bearer ${key}` } })).status, 401);
    } finally {
      await context.close();
    }
  });
});

describe('sign-in comes back to where the person was going', () => {
  it('a signed-out visit to /account/api-keys goes to /sign-in and back after signing in', async () => {
    const who = await svc.h.identity({ plan: 'professional' });
    await givePassword(who.session);
    const context = await svc.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    try {
      await page.goto('/account/api-keys');
      await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('return_to') === '/account/api-keys');
      await expectHeading(page, 'Sign in');
      await assertAccessible(page, '/sign-in?return_to (360 px)');
      await signInWithPassword(page, who.email, PASSWORD);
      await page.waitForURL('**/account/api-keys');
      await expectHeading(page, 'API keys');
      await assertAccessible(page, '/account/api-keys (360 px)');
      // The sessions page lists this browser's session.
      await page.goto('/account/sessions');
      await expectHeading(page, 'Sessions');
      await page.getByText('this browser').waitFor();
      await assertAccessible(page, '/account/sessions (360 px)');
    } finally {
      await context.close();
    }
  });

  it('the keyboard alone signs in and mints a key', async () => {
    const who = await svc.h.identity({ plan: 'professional' });
    await givePassword(who.session);
    const context = await svc.newContext();
    const page = await context.newPage();
    /** Presses Tab until the focused element matches, at most 60 times. */
    const tabTo = async (matches: (el: Focused) => boolean, what: string) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (matches(await focused(page))) return;
      }
      assert.fail(`Tab never reached ${what}`);
    };
    try {
      await page.goto('/sign-in?return_to=/account/api-keys');
      await expectHeading(page, 'Sign in');
      await tabTo((el) => el.role === 'tab' && el.selected === 'true', 'the selected tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await tabTo((el) => el.type === 'email', 'the email field');
      await page.keyboard.type(who.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/account/api-keys');
      await expectHeading(page, 'API keys');
      await tabTo((el) => el.label?.startsWith('Label') === true, 'the label field');
      await page.keyboard.type('keyboard');
      await tabTo((el) => el.tag === 'BUTTON' && el.text === 'Create key', 'Create key');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Your new API key' });
      await dialog.waitFor();
      assert.match((await dialog.getByTestId('minted-key').textContent()) ?? '', /^svc_live_/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'keyboard', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
