/**
 * Which tables a source file of the domain queries, and which entity owns each table: the data of
 * the SQL rule of src/domain/README.md ("Where SQL lives"), checked by test/architecture.test.ts.
 */
import fs from 'node:fs';

/** The entity (folder of src/domain) that owns each table; `reference` tables are read by every entity. */
export const TABLE_OWNER: Record<string, string> = {
  // reference data: read anywhere, written by migrations, the reference loader and the admin vocabulary
  airports: 'reference', countries: 'reference', regions: 'reference', topics: 'reference', tags: 'reference',
  companies: 'reference', company_aliases: 'reference', project_types: 'reference', fx_rates: 'reference',
  editions: 'editions',
  articles: 'articles', article_airports: 'articles', article_companies: 'articles', article_tags: 'articles', article_topics: 'articles',
  article_projects: 'articles', article_covers: 'media', article_views: 'library', saved_articles: 'library',
  projects: 'projects', project_airports: 'projects', project_companies: 'projects', project_tags: 'projects', project_topics: 'projects',
  project_watches: 'library',
  tenders: 'tenders', tender_airports: 'tenders', tender_bidders: 'tenders', tender_companies: 'tenders', tender_tags: 'tenders', tender_topics: 'tenders',
  calendar_events: 'calendar',
  inbox_items: 'inbox', news_sources: 'intake',
  media_assets: 'media', media_bindings: 'media', media_objects: 'media',
  users: 'identity', sessions: 'identity', api_keys: 'identity', profiles: 'accounts',
  accounts: 'accounts', account_members: 'accounts', account_invitations: 'accounts', user_interests: 'accounts',
  subscriptions: 'billing', subscription_addons: 'billing', checkouts: 'billing', billing_events: 'billing',
  plans: 'billing', plan_features: 'billing', plan_prices: 'billing', plan_addons: 'billing', addons: 'billing', addon_features: 'billing', addon_prices: 'billing',
  usage_counters: 'quota',
  alert_rules: 'alerts', alert_matches: 'alerts', webhook_attempts: 'alerts',
  notifications: 'notifications', preferences: 'preferences',
  email_outbox: 'newsletter', newsletter_sends: 'newsletter',
  audit_log: 'audit', idempotency_keys: 'idempotency', jobs: 'jobs',
  procurement_requests: 'procurement', procurement_reviews: 'procurement',
  article_search: 'articles', article_search_postings: 'articles', search_common_words: 'articles', project_history: 'projects', project_facet_deltas: 'projects', company_redirects: 'reference',
  auth_tokens: 'auth', rate_limit_counters: 'auth', sso_configurations: 'auth', sso_domains: 'auth', sso_logins: 'auth',
  change_log: 'changes', change_commits: 'changes', change_feed_horizon: 'changes',
  housekeeping_totals: 'housekeeping',
  oauth_records: 'oauth', oauth_usage_counters: 'quota',
};

const KYSELY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*'([a-z_]+)/g;
const RAW = /\b(?:from|join|update|into)\s+([a-z_]+)\b/gi;

/** The tables `file` queries (Kysely builders and raw SQL), comments left out. */
export function tablesOf(file: string): Set<string> {
  const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const m of code.matchAll(KYSELY)) if (TABLE_OWNER[m[1]!]) found.add(m[1]!);
  for (const m of code.matchAll(RAW)) if (TABLE_OWNER[m[1]!.toLowerCase()]) found.add(m[1]!.toLowerCase());
  return found;
}
