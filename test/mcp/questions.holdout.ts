/**
 * The held-out quarter of the `search_api` question set (issue 15): written together with
 * `questions.dev.ts` from seed `000_…`, never tuned on. `ranking-quality.test.ts` prints its figure
 * but does not fail on it (it estimates what questions nobody here has seen will score).
 */
import type { Question } from './questions.dev.js';

const SEARCH = ['apiV1SearchGet', 'apiV1SearchPost'];
const q = (text: string, ...expect: string[]): Question => ({ q: text, expect });

/** 27 questions (a quarter of 108). */
export const HOLDOUT_QUESTIONS: Question[] = [
  q('most recent newsletter', 'apiV1GetLatestEdition'),
  q('past issues from the last few months', 'apiV1ListEditions'),
  q('key metrics in issue 96', 'apiV1GetEdition'),
  q("news about Lisbon's new airport", 'apiV1ListArticles'),
  q('articles about airports in Peru', 'apiV1ListArticles'),
  q('story 7b0e0f6e-1c1f-4a55-9a1e-0b6f4f0d2c11', 'apiV1GetArticle'),
  q('search old editions for CrowdStrike', ...SEARCH),
  q('2025 coverage of the Gatwick runway', ...SEARCH),
  q('articles tagged noise but not curfew', ...SEARCH),
  q('stories on either biometrics or facial recognition', ...SEARCH),
  q('airport projects in Kuwait', 'apiV1ListProjects'),
  q('projects worth over 500 million dollars', 'apiV1ListProjects'),
  q('completed terminal developments', 'apiV1ListProjects'),
  q('project 5 and where it was covered', 'apiV1GetProject'),
  q('export projects in Asia as CSV', 'apiV1ExportProjects'),
  q('procurement notices closing within 14 days', 'apiV1ListTenders'),
  q('tenders in Nigeria', 'apiV1ListTenders'),
  q('EOI notices', 'apiV1ListTenders'),
  q('who won the Gatwick airfield lighting contract', 'apiV1ListTenders'),
  q('download the tender list', 'apiV1ExportTenders'),
  q('tender 8 details', 'apiV1GetTender'),
  q('tenders published this week', 'apiV1ListTenders'),
  q('archive an edition', 'apiV1AdminUpdateEdition'),
  q('approve an inbox item', 'apiV1AdminSetInboxStatus'),
  q('add a project to the database', 'apiV1AdminCreateProject'),
  q('the editorial inbox sorted by score', 'apiV1AdminListInbox'),
  q('airport developments in Brazil', 'apiV1ListProjects'),
];
