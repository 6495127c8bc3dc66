/**
 * Sample reader state for a user of the README walk-through: a saved article (the
 * newest published), a watched project (the most recently updated) and one alert rule per subject
 * (articles, projects, tenders), each what the user's plan can read (a subject it cannot read is
 * skipped). `users create` calls it when the sample dataset is loaded, so `npm start` shows the
 * library, the watchlist and alerts working. Idempotent: a user who already has rules is left alone.
 */
import type { Ctx } from '../domain/context.js';
import { createAlertRule } from '../domain/alerts/index.js';
import { DomainError } from '../domain/errors.js';
import { loadIdentity } from '../domain/identity/index.js';
import { saveArticle, watchProject } from '../domain/library/index.js';

/** What {@link seedReaderState} gave the user. */
export interface ReaderStateReport {
  savedArticle: string | null;
  watchedProject: string | null;
  rules: string[];
}

const RULES = [
  { name: 'Runway and terminal news', subject: 'articles', query: { q: 'terminal' } },
  { name: 'Projects in the Middle East', subject: 'projects', query: { region: 'middle-east' } },
  { name: 'Open tenders', subject: 'tenders', query: { status: 'open' } },
] as const;

/**
 * Gives user `userId` the sample reader state (see the module comment), acting as that user so the
 * usual gates apply. Does nothing when the sample has no published article or the user has rules.
 */
export async function seedReaderState(system: Ctx, userId: string): Promise<ReaderStateReport> {
  const report: ReaderStateReport = { savedArticle: null, watchedProject: null, rules: [] };
  const identity = await loadIdentity(system, userId, 'session');
  if (!identity) return report;
  const existing = await system.db.selectFrom('alert_rules').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) return report;
  const ctx: Ctx = { ...system, actor: 'user', identity };
  const skip = (err: unknown) => {
    if (!(err instanceof DomainError)) throw err;
  };
  const article = await system.db.selectFrom('articles').innerJoin('editions', 'editions.id', 'articles.edition_id')
    .select('articles.id').where('editions.status', '=', 'published').orderBy('editions.published_at', 'desc').limit(1).executeTakeFirst();
  if (article) await saveArticle(ctx, article.id).then(() => (report.savedArticle = article.id), skip);
  const project = await system.db.selectFrom('projects').select('id').orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  if (project) await watchProject(ctx, project.id).then(() => (report.watchedProject = project.id), skip);
  for (const r of RULES) {
    await createAlertRule(ctx, { name: r.name, subject: r.subject, query: { ...r.query }, frequency: 'daily', channels: ['email', 'in_app'] })
      .then((rule) => report.rules.push(rule.id), skip);
  }
  return report;
}
