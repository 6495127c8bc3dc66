/**
 * The table of the security matrix (test/security-matrix.test.ts): for every operation of the
 * service, keyed by its OpenAPI `operationId`, who may call it. Written from the seeds (000
 * section 4, 001 section 5) and docs/entitlements.md, independently of the routes' own
 * configuration: a route that declares a looser gate than its row fails the matrix.
 *
 * Access kinds:
 * - `public`: no token (health, plans, billing config);
 * - `user`: any valid token (`/v1/me`);
 * - `subscriber`: an active subscription, plus every feature of `features` (the domain's `GATES`,
 *   the same on both editions: docs/entitlements.md). On both editions a trial preview passes the
 *   gates `archive`, `projects`, `wat` (the operation narrows); on /api/v1 an API key also needs
 *   `api` first (a session token any plan), a refusal naming feature "api"; `/api/mcp` needs `mcp`;
 * - `admin`: administrators only (/api/v1 and /api/admin: 403 `{error}` to others; /v1/admin: 404
 *   problem+json).
 *
 * Per-user state (`ownState`), the other-user caller. Two kinds:
 * - `flag`: the operation shows a shared record (an article, a project) with a flag that belongs to
 *   the caller (`is_saved`, `is_watched`). User A creates the state (`setup`); A must see the flag
 *   true on that record and B false.
 * - `owned`: the operation reads or changes a record that belongs to user A (an alert rule, an API
 *   key, a checkout, A's saved-article entry…). `setup` makes A's record and returns the values of
 *   the path parameters that name it; `snapshot` reads A's state straight from the database. B calls
 *   the operation on A's record and must get 404 (never 403, never 2xx) in the edition's dialect,
 *   and A's snapshot must be the same afterwards; then A's own call must get through.
 *
 * How a new per-user operation adds its row (say `PUT /v1/alert-rules/{id}`, operationId
 * `v1UpdateAlertRule`): give it `access` and `features` as the seed says, and an `ownState` of kind
 * `owned` whose `setup` inserts A's rule (through the domain, or directly into its table) and
 * returns `{ id: rule.id }`, and whose `snapshot` selects A's rows of that table. Writes on a shared
 * record that only change the caller's own state (`PUT /v1/articles/{id}/save`) use `owned` too,
 * with `otherStatus` set to the status B's own write gets: A's snapshot must still not change. The
 * matrix refuses a non-GET row of access `user` or `subscriber` that has neither an `ownState` nor
 * a `shared` note saying why it touches no per-user state, so no per-user write goes unchecked.
 */
import { SESSION_SECRET, type Harness, type TestIdentity } from './helpers/harness.js';

/** Features a row can require. */
export type Feature = 'archive' | 'projects' | 'wat' | 'exports' | 'mcp';
/** Who may call an operation, before features. */
export type Access = 'public' | 'user' | 'subscriber' | 'admin';

/** A per-caller flag on a shared record. */
export interface FlagState {
  kind: 'flag';
  /** Query string appended to the operation's URL (so A's record is on the page). */
  query?: string;
  /** Creates A's state; returns the id of the record whose flag the response carries. */
  setup: (h: Harness, a: TestIdentity) => Promise<string>;
  /** The per-caller flag on that record (`is_saved`, `is_watched`). */
  flag: string;
}

/** A record that belongs to user A. */
export interface OwnedState {
  kind: 'owned';
  /** Creates A's record; returns the path parameters that name it (`{ id: '…' }`). */
  setup: (h: Harness, a: TestIdentity) => Promise<Record<string, string>>;
  /** A's state as stored (compared before and after B's call). */
  snapshot: (h: Harness, a: TestIdentity) => Promise<unknown>;
  /** What B gets on A's record: 404 unless the write only ever touches the caller's own state. */
  otherStatus?: number;
}

/** The other-user check of a row. */
export type OwnState = FlagState | OwnedState;

/** One operation's row. */
export interface Row {
  access: Access;
  features?: Feature[];
  /** JSON body sent with the call (writes); default `{}` for POST, PUT and PATCH. */
  body?: unknown;
  ownState?: OwnState;
  /** For a non-GET `user` / `subscriber` row without `ownState`: why it touches no per-user state. */
  shared?: string;
  /** Features of which the caller must hold at least one, on top of `features` (API keys: api or mcp). */
  anyOf?: ('api' | 'mcp')[];
  /**
   * What an entitled caller gets when it is not 200 (a 201 write, a 400 for the literal `{param}` the
   * matrix sends, a 503 of disabled checkout); `any`: whatever the caller's own state makes it, as
   * long as it is not 401, 403 or 5xx.
   */
  status?: number | 'any';
  /** What the administrator (who has no subscription) gets, when it differs from `status`. */
  adminStatus?: number;
  /** Undoes what the row's calls changed that would change later rows' answers (run after the row). */
  cleanup?: (h: Harness) => Promise<void>;
  /**
   * With `status: 'any'`: the domain also refuses by the caller's role in their account or its plan
   * (only the owner of an Enterprise account configures SSO), which the matrix's callers do not
   * model: a 403 in the edition's dialect passes too. Says which rule.
   */
  roleChecked?: string;
  /** Undoes what one call changed that would change the next caller's answer (run after each call). */
  cleanupEach?: (h: Harness) => Promise<void>;
}

/** Sessions the matrix's callers ended (sign-out, sign out everywhere) work again for the next callers and rows. */
const reviveSessions = async (h: Harness) => { await h.database.db.updateTable('sessions').set({ revoked_at: null }).where('revoked_at', 'is not', null).execute(); };

/** The first project at Heathrow (LHR) by title: on /v1/projects?q=Heathrow and /v1/airports/LHR/projects. */
export function heathrowProject(h: Harness) {
  return h.database.db.selectFrom('projects as p').innerJoin('project_airports as pa', 'pa.project_id', 'p.id')
    .innerJoin('airports as ap', 'ap.id', 'pa.airport_id').select(['p.id']).where('ap.iata', '=', 'LHR').orderBy('p.title').executeTakeFirstOrThrow();
}

/** The first article of the latest published edition. */
export function latestArticle(h: Harness) {
  return h.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').select(['a.id', 'e.id as edition_id', 'e.number'])
    .where('e.status', '=', 'published').where('a.kind', '=', 'article').orderBy('e.publish_date', 'desc').orderBy('a.sort_order').executeTakeFirstOrThrow();
}

/** A saves the first article of the latest edition (saved_articles, as the save operation will). */
const saved: FlagState['setup'] = async (h, a) => {
  const article = await latestArticle(h);
  await h.database.db.insertInto('saved_articles').values({ user_id: a.userId, article_id: article.id }).onConflict((oc) => oc.doNothing()).execute();
  return article.id;
};
/** A watches the first Heathrow project (project_watches). */
const watched: FlagState['setup'] = async (h, a) => {
  const project = await heathrowProject(h);
  await h.database.db.insertInto('project_watches').values({ user_id: a.userId, project_id: project.id }).onConflict((oc) => oc.doNothing()).execute();
  return project.id;
};
const isSaved = (query?: string): FlagState => ({ kind: 'flag', setup: saved, flag: 'is_saved', ...(query ? { query } : {}) });
const isWatched = (query?: string): FlagState => ({ kind: 'flag', setup: watched, flag: 'is_watched', ...(query ? { query } : {}) });

/** A's saved article (issue 10): the article id; snapshot A's saved_articles. */
const ownSaved: OwnedState = {
  kind: 'owned',
  otherStatus: 200,
  setup: async (h, a) => ({ id: await saved(h, a) }),
  snapshot: (h, a) => h.database.db.selectFrom('saved_articles').select(['article_id', 'saved_at']).where('user_id', '=', a.userId).orderBy('article_id').execute(),
};
/** A's reads of the latest article (issue 10); snapshot A's article_views. */
const ownViews: OwnedState = {
  kind: 'owned',
  otherStatus: 200,
  setup: async (h) => ({ id: (await latestArticle(h)).id }),
  snapshot: (h, a) => h.database.db.selectFrom('article_views').select(['article_id', 'viewed_at']).where('user_id', '=', a.userId).orderBy('id').execute(),
};
/** A's watched project (issue 10); snapshot A's project_watches. */
const ownWatch: OwnedState = {
  kind: 'owned',
  otherStatus: 200,
  setup: async (h, a) => ({ id: await watched(h, a) }),
  snapshot: (h, a) => h.database.db.selectFrom('project_watches').select(['project_id', 'created_at']).where('user_id', '=', a.userId).orderBy('project_id').execute(),
};
/** A's preferences (issue 10); snapshot A's row. */
const ownPreferences: OwnedState = {
  kind: 'owned',
  otherStatus: 200,
  setup: async () => ({}),
  snapshot: (h, a) => h.database.db.selectFrom('preferences').select(['digest_frequency', 'digest_format', 'email_headlines_only', 'attach_pdf']).where('user_id', '=', a.userId).execute(),
};

/** A's alert rule (issue 10), inserted directly; snapshot A's rules. */
const ownRule: OwnedState = {
  kind: 'owned',
  setup: async (h, a) => {
    const row = await h.database.db.insertInto('alert_rules').values({ user_id: a.userId, name: 'A rule', subject: 'articles', query: JSON.stringify({ q: 'runway' }) })
      .returning('id').executeTakeFirstOrThrow();
    return { id: row.id };
  },
  snapshot: (h, a) => h.database.db.selectFrom('alert_rules').select(['id', 'name', 'query', 'enabled', 'channels']).where('user_id', '=', a.userId).orderBy('id').execute(),
};
/** B's create leaves A's rules alone. */
const ownRules: OwnedState = { ...ownRule, otherStatus: 201, setup: async (h, a) => (await ownRule.setup(h, a), {}) };
/** A's unread notification; B's mark-all leaves it unread. */
const ownNotifications: OwnedState = {
  kind: 'owned',
  otherStatus: 200,
  setup: async (h, a) => {
    await h.database.db.insertInto('notifications').values({ user_id: a.userId, kind: 'alert_match', payload: JSON.stringify({}) }).execute();
    return {};
  },
  snapshot: (h, a) => h.database.db.selectFrom('notifications').select(['id', 'read_at']).where('user_id', '=', a.userId).orderBy('id').execute(),
};

/** operationId → who may call it. */
export const TABLE: Record<string, Row> = {
  v1GetHealth: { access: 'public' },
  v1GetLiveness: { access: 'public' },
  v1GetReadiness: { access: 'public' },

  // /api/v1 (seed 000): API access (key: `api`; session: any subscription), then the same content
  // gates as the /v1 operation of the same data (issue 17): editions and single articles open, the
  // article list and search `archive`, projects `projects`, tenders `wat`, exports `+ exports`.
  apiV1ListEditions: { access: 'subscriber' },
  apiV1GetLatestEdition: { access: 'subscriber' },
  apiV1GetEdition: { access: 'subscriber' },
  apiV1ListArticles: { access: 'subscriber', features: ['archive'] },
  apiV1GetArticle: { access: 'subscriber' },
  apiV1SearchGet: { access: 'subscriber', features: ['archive'] },
  apiV1SearchPost: { access: 'subscriber', features: ['archive'], shared: 'a search in the body: reads only' },
  apiV1ListProjects: { access: 'subscriber', features: ['projects'] },
  apiV1ExportProjects: { access: 'subscriber', features: ['projects', 'exports'] },
  apiV1GetProject: { access: 'subscriber', features: ['projects'] },
  apiV1ListTenders: { access: 'subscriber', features: ['wat'] },
  apiV1ExportTenders: { access: 'subscriber', features: ['wat', 'exports'] },
  apiV1GetTender: { access: 'subscriber', features: ['wat'] },
  apiV1AdminListEditions: { access: 'admin' },
  apiV1AdminGetEdition: { access: 'admin' },
  apiV1AdminGetArticle: { access: 'admin' },
  apiV1AdminGetProject: { access: 'admin' },
  apiV1AdminGetTender: { access: 'admin' },
  apiV1AdminCreateEdition: { access: 'admin' },
  apiV1AdminUpdateEdition: { access: 'admin' },
  apiV1AdminDeleteEdition: { access: 'admin' },
  apiV1AdminPublishEdition: { access: 'admin' },
  apiV1AdminCreateArticle: { access: 'admin' },
  apiV1AdminUpdateArticle: { access: 'admin' },
  apiV1AdminDeleteArticle: { access: 'admin' },
  apiV1AdminCreateProject: { access: 'admin' },
  apiV1AdminUpdateProject: { access: 'admin' },
  apiV1AdminDeleteProject: { access: 'admin' },
  apiV1AdminCreateTender: { access: 'admin' },
  apiV1AdminUpdateTender: { access: 'admin' },
  apiV1AdminDeleteTender: { access: 'admin' },
  apiV1AdminListInbox: { access: 'admin' },
  apiV1AdminSetInboxStatus: { access: 'admin' },
  apiV1AdminPromoteInboxItem: { access: 'admin' },
  apiV1AdminListAudit: { access: 'admin' },
  apiAdminSendNewsletter: { access: 'admin', body: { dryRun: true } },

  // /v1 (seed 001, section 5).
  v1GetMe: { access: 'user' },
  v1GetReference: { access: 'subscriber' },
  v1ListEditions: { access: 'subscriber' },
  v1GetEdition: { access: 'subscriber' },
  v1GetEditionByNumber: { access: 'subscriber' },
  v1ListEditionArticles: { access: 'subscriber', ownState: isSaved() },
  v1GetArticle: { access: 'subscriber', ownState: isSaved() },
  v1ListRelatedArticles: { access: 'subscriber' },
  v1Search: { access: 'subscriber', features: ['archive'], ownState: isSaved('limit=200') },
  v1SearchFacets: { access: 'subscriber', features: ['archive'] },
  v1SearchExport: { access: 'subscriber', features: ['archive', 'exports'] },
  v1ListProjects: { access: 'subscriber', features: ['projects'], ownState: isWatched('q=Heathrow&limit=200') },
  v1ProjectFacets: { access: 'subscriber', features: ['projects'] },
  v1ExportProjects: { access: 'subscriber', features: ['projects', 'exports'] },
  v1GetProject: { access: 'subscriber', features: ['projects'], ownState: isWatched() },
  v1ListAirports: { access: 'subscriber' },
  v1GetAirport: { access: 'subscriber' },
  v1ListAirportArticles: { access: 'subscriber', features: ['archive'] },
  v1ListAirportProjects: { access: 'subscriber', features: ['projects'], ownState: isWatched('limit=200') },
  v1ListTenders: { access: 'subscriber', features: ['wat'] },
  v1TenderFacets: { access: 'subscriber', features: ['wat'] },
  v1ExportTenders: { access: 'subscriber', features: ['wat', 'exports'] },
  v1GetTender: { access: 'subscriber', features: ['wat'] },
  v1ListCalendarEvents: { access: 'subscriber' },
  // issue 30: the change feed, project history, company profiles
  v1ListChanges: { access: 'subscriber' },
  v1GetProjectHistory: { access: 'subscriber', features: ['projects'] },
  v1ListCompanies: { access: 'subscriber' },
  v1GetCompany: { access: 'subscriber' },
  v1ListCompanyProjects: { access: 'subscriber', features: ['projects'] },
  v1ListArticleProjects: { access: 'subscriber', features: ['projects'] },
  v1ListCompanyTenders: { access: 'subscriber', features: ['wat'] },
  v1ListCompanyArticles: { access: 'subscriber', features: ['archive'] },
  v1AdminListCompanies: { access: 'admin' },
  v1AdminGetCompany: { access: 'admin' },
  v1AdminCreateCompany: { access: 'admin', body: { name: 'Security matrix company' } },
  v1AdminUpdateCompany: { access: 'admin', body: { website: 'https://example.com' } },
  v1AdminDeleteCompany: { access: 'admin' },
  v1AdminMergeCompanies: { access: 'admin', body: { absorbed_id: '00000000-0000-4000-8000-000000000001' } },
  v1ListPlans: { access: 'public' },
  v1GetBillingConfig: { access: 'public' },
  // issue 14: news sources and metadata suggestion (administrators only)
  v1AdminListSources: { access: 'admin' },
  v1AdminGetSource: { access: 'admin' },
  v1AdminGetEdition: { access: 'admin' },
  v1AdminListEditions: { access: 'admin' },
  v1AdminGetArticle: { access: 'admin' },
  v1AdminGetProject: { access: 'admin' },
  v1AdminListProjects: { access: 'admin' },
  v1AdminListTenders: { access: 'admin' },
  v1AdminGetCalendarEvent: { access: 'admin' },
  v1AdminCreateSource: { access: 'admin', body: { name: 'Matrix source', feed_url: 'https://feeds.example.com/matrix.xml' } },
  v1AdminUpdateSource: { access: 'admin', body: { trust_weight: 60 } },
  v1AdminDeleteSource: { access: 'admin' },
  v1AdminPollSources: { access: 'admin' },
  v1AdminPollSource: { access: 'admin' },
  v1AdminSuggestMetadata: { access: 'admin', body: { text: 'Heathrow plans a third runway.' } },

  // issue 13 (part A): /v1/admin editions, newsletter, articles, article entity and project links
  v1AdminCreateEdition: { access: 'admin' },
  v1AdminUpdateEdition: { access: 'admin' },
  v1AdminDeleteEdition: { access: 'admin' },
  v1AdminPublishEdition: { access: 'admin' },
  v1AdminReorderEditionArticles: { access: 'admin' },
  v1AdminPreviewNewsletter: { access: 'admin' },
  v1AdminRenderNewsletterDigest: { access: 'admin' },
  v1AdminTestNewsletter: { access: 'admin', body: { email: 'matrix@example.test' } },
  v1AdminSendNewsletter: { access: 'admin' },
  v1AdminListNewsletterDeliveries: { access: 'admin' },
  v1AdminCreateArticle: { access: 'admin' },
  v1AdminUpdateArticle: { access: 'admin' },
  v1AdminDeleteArticle: { access: 'admin' },
  v1AdminGetArticleLinks: { access: 'admin' },
  v1AdminPutArticleTerms: { access: 'admin' },
  v1AdminPutArticleAirports: { access: 'admin' },
  v1AdminPutArticleCompanies: { access: 'admin' },
  v1AdminListArticleProjects: { access: 'admin' },
  v1AdminPutArticleProjects: { access: 'admin' },
  v1AdminListArticleProjectCandidates: { access: 'admin' },
  v1AdminAutoLinkArticleProjects: { access: 'admin' },
  v1AdminImportEdition: { access: 'admin' },
  // issue 12: imagery (docs/media.md). Readers: any subscriber, no content gate; the bytes are
  // image/* (the matrix fetches a sample image). Admin: the media library and article cover pins.
  v1ListCovers: { access: 'subscriber' },
  v1ListAirportMedia: { access: 'subscriber' },
  v1GetMediaBytes: { access: 'subscriber' },
  v1AdminListMedia: { access: 'admin' },
  v1AdminUploadMedia: { access: 'admin' },
  v1AdminGetMedia: { access: 'admin' },
  v1AdminUpdateMedia: { access: 'admin' },
  v1AdminDeleteMedia: { access: 'admin' },
  v1AdminPinCover: { access: 'admin', body: { media_id: '00000000-0000-4000-8000-000000000000' } },
  v1AdminReleaseCover: { access: 'admin' },
  // issue 11: accounts (profile, subscription, members, interests) and API keys over HTTP. Every
  // caller of the matrix owns its account; the administrator has no subscription (adminStatus).
  v1GetProfile: { access: 'user' },
  v1UpdateProfile: {
    access: 'user', body: { job_title: 'Analyst' },
    ownState: { kind: 'owned', otherStatus: 200, setup: async () => ({}), snapshot: (h, a) => h.database.db.selectFrom('profiles').selectAll().where('user_id', '=', a.userId).execute() },
  },
  v1GetSubscription: { access: 'user', status: 'any' },
  v1ListMembers: { access: 'subscriber' },
  v1InviteMember: {
    access: 'subscriber', body: { email: 'matrix-invitee@example.test' }, status: 'any',
    ownState: {
      kind: 'owned', otherStatus: 201, setup: async () => ({}),
      snapshot: async (h, a) => {
        const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', a.userId).executeTakeFirstOrThrow();
        return [
          await h.database.db.selectFrom('account_members').select(['user_id', 'role']).where('account_id', '=', account.id).orderBy('user_id').execute(),
          await h.database.db.selectFrom('account_invitations').select(['email']).where('account_id', '=', account.id).orderBy('email').execute(),
        ];
      },
    },
  },
  v1RemoveMember: {
    access: 'subscriber', status: 400,
    ownState: {
      kind: 'owned',
      setup: async (h, a) => {
        const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', a.userId).executeTakeFirstOrThrow();
        const c = await h.identity({});
        await h.database.db.insertInto('account_members').values({ account_id: account.id, user_id: c.userId, role: 'member' }).execute();
        return { user_id: c.userId };
      },
      snapshot: async (h, a) => {
        const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', a.userId).executeTakeFirstOrThrow();
        return h.database.db.selectFrom('account_members').select(['user_id', 'role']).where('account_id', '=', account.id).orderBy('user_id').execute();
      },
    },
  },
  v1GetInterests: { access: 'subscriber' },
  v1ReplaceInterests: {
    access: 'subscriber', body: { topics: ['runways'], tags: [], regions: ['europe'], airports: ['LHR'] },
    ownState: { kind: 'owned', otherStatus: 200, setup: async () => ({}), snapshot: (h, a) => h.database.db.selectFrom('user_interests').select(['kind', 'ref']).where('user_id', '=', a.userId).orderBy('kind').orderBy('ref').execute() },
  },
  v1AddInterestTerm: {
    access: 'subscriber', status: 400,
    ownState: { kind: 'owned', otherStatus: 200, setup: async () => ({ slug: 'terminals' }), snapshot: (h, a) => h.database.db.selectFrom('user_interests').select(['kind', 'ref']).where('user_id', '=', a.userId).orderBy('kind').orderBy('ref').execute() },
  },
  v1RemoveInterestTerm: {
    access: 'subscriber', status: 400,
    ownState: {
      // Idempotent: B removing a term that is not among B's favourites answers 200 and touches only B's.
      kind: 'owned', otherStatus: 200,
      setup: async (h, a) => {
        await h.database.db.insertInto('user_interests').values({ user_id: a.userId, kind: 'topic', ref: 'cargo-logistics' }).onConflict((oc) => oc.doNothing()).execute();
        return { slug: 'cargo-logistics' };
      },
      snapshot: (h, a) => h.database.db.selectFrom('user_interests').select(['kind', 'ref']).where('user_id', '=', a.userId).orderBy('kind').orderBy('ref').execute(),
    },
  },
  v1ListApiKeys: { access: 'subscriber', anyOf: ['api', 'mcp'] },
  v1CreateApiKey: {
    access: 'subscriber', anyOf: ['api', 'mcp'], status: 201, body: { label: 'matrix' },
    ownState: { kind: 'owned', otherStatus: 201, setup: async () => ({}), snapshot: (h, a) => h.database.db.selectFrom('api_keys').select(['id', 'revoked_at']).where('user_id', '=', a.userId).orderBy('id').execute() },
  },
  v1RevokeApiKey: {
    access: 'subscriber', anyOf: ['api', 'mcp'], status: 400,
    ownState: {
      kind: 'owned',
      setup: async (h, a) => {
        const { createApiKey } = await import('../src/domain/identity/index.js');
        return { id: (await createApiKey(h.ctx(), { email: a.email, label: 'to revoke' })).id };
      },
      snapshot: (h, a) => h.database.db.selectFrom('api_keys').select(['id', 'revoked_at']).where('user_id', '=', a.userId).orderBy('id').execute(),
    },
  },
  // issue 11: billing. The matrix's app has no payment provider: checkout and notifications answer 503.
  v1GetQuote: { access: 'public', status: 400 },
  v1StartTrial: {
    access: 'user', status: 'any', shared: 'acts on the caller\'s own account only (no id names another account); 409 once it has a subscription',
    // The callers without a subscription got a trial (the only subscriptions with a trial_end): end them.
    cleanup: async (h) => { await h.database.db.deleteFrom('subscriptions').where('trial_end', 'is not', null).execute(); },
  },
  v1CreateCheckout: { access: 'user', status: 503, body: { plan: 'core', currency: 'USD' }, shared: 'checkout is disabled here; it acts on the caller\'s own account only' },
  v1GetCheckout: { access: 'user', status: 400 },
  v1CancelSubscription: { access: 'subscriber', adminStatus: 404, shared: 'acts on the caller\'s own account only (no id names another account)' },
  v1BillingWebhook: { access: 'public', status: 400 },

  // issue 13 (part B): /v1/admin record operations (projects, tenders, inbox, calendar, email usage).
  v1AdminCreateProject: { access: 'admin', body: { title: 'Security matrix project' } },
  v1AdminUpdateProject: { access: 'admin', body: { status: 'ongoing' } },
  v1AdminDeleteProject: { access: 'admin' },
  v1AdminSetProjectAirports: { access: 'admin', body: { airports: [] } },
  v1AdminSetProjectCompanies: { access: 'admin', body: { companies: [] } },
  v1AdminSetProjectTerms: { access: 'admin', body: { tags: [] } },
  v1AdminGetProjectLinks: { access: 'admin' },
  v1AdminCreateTender: { access: 'admin', body: { title: 'Security matrix tender', buyer: 'Test buyer', type: 'rfp' } },
  v1AdminGetTender: { access: 'admin' },
  v1AdminUpdateTender: { access: 'admin', body: { status: 'closed' } },
  v1AdminDeleteTender: { access: 'admin' },
  v1AdminSetTenderAirports: { access: 'admin', body: { airports: [] } },
  v1AdminSetTenderCompanies: { access: 'admin', body: { companies: [] } },
  v1AdminSetTenderTerms: { access: 'admin', body: { tags: [] } },
  v1AdminGetTenderLinks: { access: 'admin' },
  v1AdminGetEmailUsage: { access: 'admin' },
  v1AdminListInbox: { access: 'admin' },
  v1AdminApproveInboxItem: { access: 'admin' },
  v1AdminSkipInboxItem: { access: 'admin' },
  v1AdminReopenInboxItem: { access: 'admin' },
  v1AdminBulkSkipInbox: { access: 'admin', body: { ids: ['00000000-0000-4000-8000-000000000000'] } },
  v1AdminPromoteInboxItem: { access: 'admin', body: { edition_number: 1 } },
  v1AdminListCalendarEvents: { access: 'admin' },
  v1AdminCreateCalendarEvent: { access: 'admin', body: { title: 'Security matrix event', starts_on: '2027-03-16' } },
  v1AdminUpdateCalendarEvent: { access: 'admin', body: { title: 'Security matrix event, renamed' } },
  v1AdminDeleteCalendarEvent: { access: 'admin' },

  // issue 10: the reader's own state (library, dashboard, preferences, alert rules, notifications).
  // Writes on a shared record that only change the caller's own state: B's own write gets 200 and
  // A's rows stay as they were.
  v1ListSavedArticles: { access: 'subscriber' },
  v1SaveArticle: { access: 'subscriber', ownState: ownSaved },
  v1UnsaveArticle: { access: 'subscriber', ownState: ownSaved },
  v1RecordArticleView: { access: 'subscriber', ownState: ownViews },
  v1ListWatchlist: { access: 'subscriber', features: ['projects'] },
  v1WatchProject: { access: 'subscriber', features: ['projects'], ownState: ownWatch },
  v1UnwatchProject: { access: 'subscriber', features: ['projects'], ownState: ownWatch },
  v1ListMostRead: { access: 'subscriber', features: ['archive'] },
  v1ListRecentlyViewed: { access: 'subscriber' },
  v1GetPreferences: { access: 'subscriber' },
  v1PutPreferences: { access: 'subscriber', body: { digest_frequency: 'daily', digest_format: 'text', email_headlines_only: true, attach_pdf: false }, ownState: ownPreferences },
  v1ListAlertRules: { access: 'subscriber' },
  v1CreateAlertRule: { access: 'subscriber', body: { name: 'Matrix rule', subject: 'articles', query: { q: 'airport' } }, ownState: ownRules },
  v1GetAlertRule: { access: 'subscriber', ownState: ownRule },
  v1UpdateAlertRule: { access: 'subscriber', body: { name: 'Renamed by the matrix' }, ownState: ownRule },
  v1DeleteAlertRule: { access: 'subscriber', ownState: ownRule },
  v1ListNotifications: { access: 'subscriber' },
  v1CountNotifications: { access: 'subscriber' },
  v1MarkNotificationsRead: { access: 'subscriber', body: { all: true }, ownState: ownNotifications },

  // issue 11 (part B): procurement requests (no token; one email, so every caller after the first
  // gets the request on file), invitation acceptance (the literal {token} is malformed: 400) and
  // the /v1/admin procurement group.
  v1CreateProcurementRequest: {
    access: 'public',
    body: { organisation: 'Matrix Airports', contact_name: 'Matrix Buyer', email: 'matrix-buyer@example.com', country: 'GB', plan: 'enterprise', seats: 12 },
  },
  v1AcceptInvitation: { access: 'public', status: 400 },
  v1GetInvitation: { access: 'public', status: 400 },

  // issue 25: sign-in. The sign-up and link endpoints answer 202 to every caller, up to the
  // per-address limit (10 per 15 minutes; the matrix's 14 callers send one address): then 429.
  v1GetAuthSession: { access: 'public' },
  v1SignUp: { access: 'public', body: { email: 'matrix-signup@example.test' }, status: 'any' },
  v1RequestEmailLink: { access: 'public', body: { email: 'matrix-link@example.test' }, status: 'any' },
  v1VerifyEmailLink: { access: 'public', body: { token: 'matrix-token-that-names-no-link-000000000' }, status: 400 },
  v1SignOut: { access: 'user', status: 204, shared: 'ends the caller\'s own session only (an API key has none: nothing happens)', cleanupEach: reviveSessions },
  v1SignIn: { access: 'public', status: 400 },
  v1RequestPasswordReset: { access: 'public', body: { email: 'matrix-reset@example.test' }, status: 'any' },
  v1CompletePasswordReset: { access: 'public', body: { token: 'matrix-token-that-names-no-link-000000000', password: 'matrix password 1' }, status: 400 },
  v1ChangePassword: { access: 'user', status: 400, shared: 'acts on the caller\'s own user only (no id names another); the matrix\'s empty body is 400' },
  v1RemovePassword: { access: 'user', status: 204, shared: 'acts on the caller\'s own user only (no id names another)' },
  v1ListSessions: { access: 'user' },
  v1EndAllSessions: { access: 'user', status: 204, shared: 'ends the caller\'s own sessions only (no id names another user)', cleanupEach: reviveSessions },
  v1GetSsoConfig: { access: 'user', status: 'any', roleChecked: 'owner of an Enterprise account' },
  v1PutSsoConfig: {
    access: 'user', status: 'any', roleChecked: 'owner of an Enterprise account', shared: 'acts on the caller\'s own account only (no id names another)',
    body: { issuer: 'https://login.matrix.example', client_id: 'matrix', client_secret: 'matrix-secret', domains: ['matrix-sso.example'] },
  },
  v1DeleteSsoConfig: { access: 'user', status: 'any', roleChecked: 'owner of an Enterprise account', shared: 'acts on the caller\'s own account only (no id names another)' },
  v1StartSso: { access: 'public', body: { email: 'someone@no-sso.example' }, status: 'any' },
  v1SsoCallback: { access: 'public', status: 303 },
  v1EndSession: {
    access: 'user', status: 400,
    ownState: {
      kind: 'owned',
      setup: async (h, a) => {
        const { createSession } = await import('../src/domain/identity/index.js');
        await createSession(h.ctx(), SESSION_SECRET, a.email);
        const s = await h.database.db.selectFrom('sessions').select('id').where('user_id', '=', a.userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
        return { id: s.id };
      },
      snapshot: (h, a) => h.database.db.selectFrom('sessions').select(['id', 'revoked_at']).where('user_id', '=', a.userId).orderBy('id').execute(),
    },
  },

  // issue 28: OAuth consent (only a session decides; the literal {uid} is malformed: 400) and
  // connected apps (A's grant to an app; B disconnecting that app id finds none of theirs: 404).
  v1GetOAuthInteraction: { access: 'user', status: 400 },
  v1DecideOAuthInteraction: { access: 'user', status: 400, body: { decision: 'deny' }, shared: 'decides an authorization request of the caller\'s own browser (400 here: the literal {uid})' },
  v1ListConnectedApps: { access: 'user' },
  v1RevokeConnectedApp: {
    access: 'user', status: 400,
    ownState: {
      kind: 'owned',
      setup: async (h, a) => {
        const clientId = `matrix-app-${a.userId.slice(0, 8)}`;
        await h.database.db.insertInto('oauth_records').values({
          kind: 'Grant', id: `matrix-grant-${a.userId}`, user_id: a.userId,
          payload: JSON.stringify({ accountId: a.userId, clientId, resources: { 'http://127.0.0.1:3000/v1': 'read' } }),
        }).onConflict((oc) => oc.doNothing()).execute();
        return { client_id: clientId };
      },
      snapshot: (h, a) => h.database.db.selectFrom('oauth_records').select(['kind', 'id']).where('user_id', '=', a.userId).orderBy('id').execute(),
    },
  },
  v1AdminListProcurement: { access: 'admin' },
  v1AdminGetProcurement: { access: 'admin' },
  v1AdminReviewProcurement: { access: 'admin', body: { decision: 'in_review', note: 'matrix' } },
};

/**
 * Operations the OpenAPI description does not list, with a row each all the same: the MCP tool
 * server (seed 000; its own protocol, so no operationId). The matrix calls them like the others.
 */
export const UNDESCRIBED: { operationId: string; method: string; path: string; row: Row }[] = [
  {
    operationId: 'mcpInitialize',
    method: 'POST',
    path: '/api/mcp',
    row: {
      access: 'subscriber',
      features: ['mcp'],
      shared: 'opens a protocol session: no per-user record',
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'security-matrix', version: '1' } } },
    },
  },
];

/** A content gate of the parity check: the features of `GATES` it stands for. */
export type Gate = 'archive' | 'projects' | 'wat' | 'exports';

/**
 * One operation offered by both editions, for the parity check of the entitlement matrix
 * (test/security-matrix.test.ts): the same caller must get the same decision on both (and through
 * MCP's call_api, which calls the /api/v1 URL), apart from the /api/v1 `api` gate.
 * - `list`: a list whose first page both editions order alike; compared by record ids;
 * - `read`: one record by id (`{project}` / `{tender}` in the URLs); compared by status;
 * - `csv`: an export; compared by the number of CSV records.
 */
export interface GatePair {
  gate: Gate;
  /** The features the pair needs (a preview passes archive, projects, wat). */
  features: Feature[];
  kind: 'list' | 'read' | 'csv';
  apiV1: string;
  v1: string;
}

/** Every gate, with the operations of both editions that it opens. */
export const GATE_PAIRS: GatePair[] = [
  { gate: 'archive', features: ['archive'], kind: 'list', apiV1: '/api/v1/search?limit=100', v1: '/v1/search?limit=100' },
  { gate: 'archive', features: ['archive'], kind: 'list', apiV1: '/api/v1/articles?airport=LHR&limit=100', v1: '/v1/airports/LHR/articles?limit=100' },
  { gate: 'projects', features: ['projects'], kind: 'list', apiV1: '/api/v1/projects?limit=100', v1: '/v1/projects?limit=100' },
  { gate: 'projects', features: ['projects'], kind: 'read', apiV1: '/api/v1/projects/{project}', v1: '/v1/projects/{project}' },
  { gate: 'wat', features: ['wat'], kind: 'list', apiV1: '/api/v1/tenders?limit=100', v1: '/v1/tenders?limit=100' },
  { gate: 'wat', features: ['wat'], kind: 'read', apiV1: '/api/v1/tenders/{tender}', v1: '/v1/tenders/{tender}' },
  { gate: 'exports', features: ['projects', 'exports'], kind: 'csv', apiV1: '/api/v1/projects/export', v1: '/v1/projects/export' },
  { gate: 'exports', features: ['wat', 'exports'], kind: 'csv', apiV1: '/api/v1/tenders/export', v1: '/v1/tenders/export' },
];
