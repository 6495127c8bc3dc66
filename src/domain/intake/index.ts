/**
 * Editorial intake: news sources, their polling into the inbox (feed parsing, deduplication,
 * pre-screening score) and the metadata suggestion engine. What the faces may import.
 */
export * from './schemas.js';
export * from './suggest-engine.js';
export { loadVocabulary } from './vocabulary.js';
export type { NewsSource } from './sources-repository.js';
export { listNewsSources } from './list-news-sources.js';
export { getNewsSource } from './get-news-source.js';
export { createNewsSource } from './create-news-source.js';
export { updateNewsSource } from './update-news-source.js';
export { deleteNewsSource } from './delete-news-source.js';
export { pollNewsSources, pollNewsSourceNow, pollSource, schedulePolls, intakeJobs, backoffMs, FEED_USER_AGENT, POLL_SOURCE_JOB, SCHEDULE_POLLS_JOB, type PollSettings, type SourcePollReport } from './poll-news-sources.js';
export { suggestMetadata } from './suggest-metadata.js';
export { scoreInboxItems } from './score-inbox-items.js';
export { canonicalUrl, nearDuplicateTitles, parseFeedItems, titleKey, FeedParseError, type FeedItem } from './feed.js';
export { scoreItem, type ScoreReason } from './score-item.js';
