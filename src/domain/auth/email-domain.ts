/** The email domain of an address and the company sign-in (SSO) that covers it, if any. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The domain of `email`, lower case (`Ann@Example.COM` → `example.com`). */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** The enabled SSO configuration whose domains cover `email`, or undefined. */
export function ssoCovering(db: Kysely<DB>, email: string) {
  return db.selectFrom('sso_domains as d').innerJoin('sso_configurations as c', 'c.account_id', 'd.account_id')
    .select(['c.account_id', 'c.issuer', 'c.client_id', 'c.client_secret'])
    .where('d.domain', '=', domainOf(email)).where('c.enabled', '=', true).executeTakeFirst();
}
