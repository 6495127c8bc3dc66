/**
 * The pre-screening score of an inbox item: 0 to 100, the sum of its reasons (docs/intake.md,
 * "Scoring"). Pure: the caller gathers the evidence.
 *
 * | part                     | points |
 * |--------------------------|--------|
 * | relevance: airports      | 12 each (+4 when in the title), at most 30 |
 * | relevance: country       | 5      |
 * | relevance: topics        | 5 each, at most 15 |
 * | relevance: companies     | 4 each, at most 8 |
 * | the source's trust weight| trust × 0.15, at most 15 |
 * | recency (published)      | 20 within a day, 12 within 3 days, 6 within a week, 0 older, 5 unknown |
 * | a project in the database| 12 per matching project, at most 12 |
 */
import type { MetadataSuggestion } from './suggest-engine.js';

/** One reason of a score. */
export interface ScoreReason { reason: string; points: number }

/** What {@link scoreItem} weighs. */
export interface ScoreInput {
  title: string;
  suggestion: MetadataSuggestion;
  /** The source's trust weight, 0..100 (50 without a source). */
  trustWeight: number;
  publishedAt: Date | null;
  now: Date;
  /** Titles of the projects in the database that the item matches (by airport or by name). */
  projects: string[];
}

const DAY = 86_400_000;

/** The score (0..100) and its reasons, largest first. */
export function scoreItem(input: ScoreInput): { score: number; reasons: ScoreReason[] } {
  const reasons: ScoreReason[] = [];
  const { suggestion: s } = input;
  let airportPoints = 0;
  for (const a of s.airports) {
    const inTitle = a.triggers.some((t) => input.title.includes(t));
    const pts = Math.min(30 - airportPoints, inTitle ? 16 : 12);
    if (pts <= 0) break;
    airportPoints += pts;
    reasons.push({ reason: `airport ${a.iata} (${a.name}) named${inTitle ? ' in the title' : ''}`, points: pts });
  }
  if (s.country) reasons.push({ reason: `country ${s.country.code} (${s.country.name})`, points: 5 });
  s.topics.slice(0, 3).forEach((t) => reasons.push({ reason: `topic ${t.slug}`, points: 5 }));
  s.companies.slice(0, 2).forEach((c) => reasons.push({ reason: `company ${c.name}`, points: 4 }));
  const trust = Math.round(Math.max(0, Math.min(100, input.trustWeight)) * 0.15);
  if (trust > 0) reasons.push({ reason: `source trust weight ${input.trustWeight}`, points: trust });
  if (input.publishedAt) {
    const age = input.now.getTime() - input.publishedAt.getTime();
    const pts = age <= DAY ? 20 : age <= 3 * DAY ? 12 : age <= 7 * DAY ? 6 : 0;
    const label = age <= DAY ? 'published within a day' : age <= 3 * DAY ? 'published within 3 days' : age <= 7 * DAY ? 'published within a week' : 'published more than a week ago';
    reasons.push({ reason: label, points: pts });
  } else {
    reasons.push({ reason: 'publication time unknown', points: 5 });
  }
  if (input.projects.length) reasons.push({ reason: `matches project "${input.projects[0]}"${input.projects.length > 1 ? ` and ${input.projects.length - 1} more` : ''}`, points: 12 });
  const score = Math.max(0, Math.min(100, reasons.reduce((sum, r) => sum + r.points, 0)));
  return { score, reasons: reasons.filter((r) => r.points > 0 || r.reason.startsWith('published')).sort((a, b) => b.points - a.points) };
}
