/**
 * Inviting a colleague in real Chromium (issue 25): the owner signs in by emailed link, invites an
 * address on /account/members; the colleague opens the emailed link (/invitations/{code}) in their
 * own browser, sees who invites them into which account, signs up by joining, and is a member.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, expectHeading, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
before(async () => { svc = await startBrowserService(); });
after(() => svc.close());

describe('an owner invites a colleague', () => {
  it('the colleague follows the emailed link, signs up and is a member', async () => {
    const owner = await svc.h.identity({ plan: 'professional' });
    const colleague = `colleague-${Date.now()}@example.test`;
    const ownerContext = await svc.newContext();
    const colleagueContext = await svc.newContext({ width: 360, height: 740 });
    try {
      const page = await ownerContext.newPage();
      await signInWithEmailLink(svc, page, owner.email);
      await page.goto('/account/members');
      await expectHeading(page, 'Members');
      await page.getByTestId('seats').waitFor();
      const seatsBefore = await page.getByTestId('seats').textContent();
      await assertAccessible(page, '/account/members');
      await page.getByLabel("Colleague's email address").fill(colleague);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`Invitation emailed to ${colleague}`).waitFor();
      await page.getByRole('cell', { name: colleague }).waitFor();
      assert.notEqual(await page.getByTestId('seats').textContent(), seatsBefore, 'the open invitation takes a seat');

      const link = await svc.mailedLink(colleague, /https?:\/\/\S+\/invitations\/[\w-]+/);
      assert.ok(link.startsWith(`${svc.baseUrl}/invitations/`), link);
      const invited = await colleagueContext.newPage();
      await invited.goto(link);
      await expectHeading(invited, 'Invitation');
      await invited.getByText(colleague).first().waitFor();
      await assertAccessible(invited, '/invitations/{code} (360 px)');
      await invited.getByLabel('Your name').fill('Carla Colleague');
      await invited.getByRole('button', { name: /^Join / }).click();
      await invited.waitForURL('**/account');
      await expectHeading(invited, 'Profile');

      const members = await svc.call('/v1/account/members', { headers: owner.sessionAuth });
      const list = ((await members.json()) as { members: { email: string; status: string; name: string | null }[] }).members;
      const joined = list.find((m) => m.email.toLowerCase() === colleague);
      assert.equal(joined?.status, 'active', JSON.stringify(list));
      assert.equal(joined?.name, 'Carla Colleague');
      await page.reload();
      await page.getByRole('cell', { name: /Carla Colleague/ }).waitFor();
    } finally {
      await ownerContext.close();
      await colleagueContext.close();
    }
  });
});
