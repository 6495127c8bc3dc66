/**
 * Alert rules: a standing query over one subject, delivered on channels at a frequency.
 * The `query` is exactly the parameters of the subject's list (`/v1/search`, `/v1/projects`,
 * `/v1/tenders`), validated by the same schemas (the entities' schemas.ts, ./check-rule-query.ts).
 */
import { Type, type Static } from 'typebox';
import { createOf, patchOf, StringEnum } from '../shared/input-schema.js';

/** What a rule watches. */
export const ALERT_SUBJECTS = ['articles', 'projects', 'tenders'] as const;
/** One subject. */
export type AlertSubject = (typeof ALERT_SUBJECTS)[number];
/** How matches are batched: each within a minute, or one digest at 07:00 (UTC) daily or on Mondays. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
/** One frequency. */
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** Where matches go. */
export const ALERT_CHANNELS = ['email', 'in_app', 'webhook'] as const;
/** One channel. */
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

const fields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'What the reader calls the rule' }),
  subject: StringEnum(ALERT_SUBJECTS, { description: 'articles (the /v1/search parameters), projects (/v1/projects) or tenders (/v1/tenders)' }),
  query: Type.Object({}, {
    additionalProperties: true,
    description: 'The list parameters of the subject (paging and sort excluded), as JSON values: e.g. `{ "q": "runway", "region": "europe" }`; validated by the list\u2019s own schema',
  }),
  frequency: StringEnum(ALERT_FREQUENCIES, { description: 'instant (within a minute), daily or weekly (a digest at 07:00 UTC; weekly on Mondays)' }),
  channels: Type.Array(StringEnum(ALERT_CHANNELS), { minItems: 1, maxItems: 3, uniqueItems: true, description: 'email, in_app, webhook' }),
  enabled: Type.Boolean({ description: 'A disabled rule matches nothing' }),
  webhook_url: Type.Union([Type.String({ minLength: 1, maxLength: 2000, format: 'uri', description: 'http(s) URL that receives each delivery (needed with the webhook channel)' }), Type.Null()]),
};

/** The body of a rule create: `name`, `subject`, `query` required; frequency instant, channels [email], enabled by default. */
export const AlertRuleCreate = createOf(fields, { name: fields.name, subject: fields.subject, query: fields.query });
/** A rule to create, as {@link AlertRuleCreate} validates it. */
export type AlertRuleCreateInput = Static<typeof AlertRuleCreate>;

/** The body of a rule change: any field, at least one. */
export const AlertRulePatch = patchOf(fields);
/** Fields of a rule to change, as {@link AlertRulePatch} validates them. */
export type AlertRulePatchInput = Static<typeof AlertRulePatch>;
