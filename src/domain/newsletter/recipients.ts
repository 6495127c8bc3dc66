/**
 * Who receives a newsletter, and what each reader cares about.
 *
 * Entitled subscribers: users with an active subscription of any plan (the same rule that
 * authenticates them: `identityJoins`; a cancelled subscription counts until its period ends),
 * whose delivery preferences have not switched the digest off (`digest_frequency <> 'never'`) and who
 * have not unsubscribed (`unsubscribed_at is null`). Every plan includes the newsletter.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { identityJoins } from '../identity/index.js';

/** A reader's favourite: a topic or tag slug, region slug, IATA code, ISO country code or company id. */
export interface Interest {
  kind: 'topic' | 'tag' | 'region' | 'airport' | 'country' | 'company';
  ref: string;
}

/** One recipient with what the digest needs to personalise the message. */
export interface Recipient {
  userId: string | null;
  email: string;
  name: string | null;
  digestFormat: 'html' | 'text';
  headlinesOnly: boolean;
  /** `attach_pdf`: the message carries a PDF rendering of the digest. */
  attachPdf: boolean;
  /** `null` for a test address that belongs to no user. */
  unsubscribeToken: string | null;
  interests: Interest[];
}

interface Row {
  user_id: string;
  email: string;
  name: string | null;
  digest_format: 'html' | 'text';
  email_headlines_only: boolean;
  attach_pdf: boolean;
  unsubscribe_token: string;
  interests: Interest[];
}

const toRecipient = (r: Row): Recipient => ({
  userId: r.user_id,
  email: r.email,
  name: r.name,
  digestFormat: r.digest_format,
  headlinesOnly: r.email_headlines_only,
  attachPdf: r.attach_pdf,
  unsubscribeToken: r.unsubscribe_token,
  interests: r.interests,
});

const columns = sql`u.id as user_id, u.email, u.name, pr.digest_format, pr.email_headlines_only, pr.attach_pdf, pr.unsubscribe_token,
  coalesce((select json_agg(json_build_object('kind', i.kind, 'ref', i.ref) order by i.kind, i.ref)
              from user_interests i where i.user_id = u.id), '[]'::json) as interests`;

/** Every entitled subscriber, by email. */
export async function entitledSubscribers(db: Kysely<DB>, now: Date): Promise<Recipient[]> {
  const { rows } = await sql<Row>`
    select ${columns}
      from users u ${identityJoins(now)}
      join preferences pr on pr.user_id = u.id
     where s.id is not null and pr.unsubscribed_at is null and pr.digest_frequency <> 'never'
     order by lower(u.email)`.execute(db);
  return rows.map(toRecipient);
}

/**
 * The recipients of a test send: each address as the user it belongs to (their preferences and
 * interests), or as a plain address when it belongs to nobody. Unsubscribed users still get a test.
 */
export async function testRecipients(db: Kysely<DB>, emails: string[]): Promise<Recipient[]> {
  const unique = [...new Map(emails.map((e) => [e.trim().toLowerCase(), e.trim()])).values()];
  if (!unique.length) return [];
  const { rows } = await sql<Row>`
    select ${columns} from users u join preferences pr on pr.user_id = u.id
     where lower(u.email) = any(${unique.map((e) => e.toLowerCase())}::text[])`.execute(db);
  const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), toRecipient(r)]));
  return unique.map((email) => byEmail.get(email.toLowerCase()) ?? {
    userId: null, email, name: null, digestFormat: 'html', headlinesOnly: false, attachPdf: false, unsubscribeToken: null, interests: [],
  });
}
