/**
 * The development set of the `search_api` ranking (issue 15): questions in users' own words
 * (analysts, procurement managers, journalists, and a few editors), written from seed `000_…`
 * BEFORE the ranking was tuned, each with the endpoint(s) an agent needs first (operationIds;
 * several only where two endpoints answer the question equally well). The ranking is tuned on
 * this set; `questions.holdout.ts` is kept aside as a check. Measured by `ranking-quality.test.ts`.
 */

/** One question and the operationIds accepted as the right first match. */
export interface Question {
  q: string;
  expect: string[];
}

const SEARCH = ['apiV1SearchGet', 'apiV1SearchPost'];
const q = (text: string, ...expect: string[]): Question => ({ q: text, expect });

/** 81 questions (the tuning set). */
export const DEV_QUESTIONS: Question[] = [
  // editions
  q("What's in the newest issue of the newsletter?", 'apiV1GetLatestEdition'),
  q("Give me this week's bulletin with all its stories", 'apiV1GetLatestEdition'),
  q('Show me the last five bulletins', 'apiV1ListEditions'),
  q('Which issues have been published recently?', 'apiV1ListEditions'),
  q('Executive summary of issue 99', 'apiV1GetEdition'),
  q('What were the key trends in edition 98?', 'apiV1GetEdition'),
  q('List all newsletter editions with their executive summaries', 'apiV1ListEditions'),
  q('regional highlights and key metrics from the latest edition', 'apiV1GetLatestEdition'),
  q('I need the back catalogue of editions, page 2', 'apiV1ListEditions'),
  q('Open newsletter number 100', 'apiV1GetEdition'),
  q('top developments across past issues', 'apiV1ListEditions'),
  // articles
  q('Stories about Heathrow', 'apiV1ListArticles'),
  q('Articles from Brazil', 'apiV1ListArticles'),
  q('news coverage of Changi Airport', 'apiV1ListArticles'),
  q('What did the newsletter write about Dubai?', 'apiV1ListArticles'),
  q('all articles tagged biometrics', 'apiV1ListArticles'),
  q('articles in edition 97', 'apiV1ListArticles', 'apiV1GetEdition'),
  q('Middle East news from the past issues', 'apiV1ListArticles'),
  q('articles on the sustainability topic', 'apiV1ListArticles'),
  q('Read the full article with id 3f2b6c1e-8a4d-4e2f-9b1a-2c3d4e5f6a7b', 'apiV1GetArticle'),
  q('why it matters and takeaways for story 9c1d7e2a-0b3f-4c5d-8e6f-7a8b9c0d1e2f', 'apiV1GetArticle'),
  q('the source link of one specific story', 'apiV1GetArticle'),
  q('latest news about airport privatisation', 'apiV1ListArticles'),
  q("What's been happening at Asia-Pacific airports lately?", 'apiV1ListArticles'),
  // archive search
  q('Search the archive for ReFuelEU', ...SEARCH),
  q('Find everything about SAF mandates including old archived issues', ...SEARCH),
  q('stories from 2025 about runways', ...SEARCH),
  q('articles mentioning either Gatwick or Luton', ...SEARCH),
  q('biometrics articles but leaving out anything tagged facial-recognition', ...SEARCH),
  q('full-text search for CrowdStrike outage', ...SEARCH),
  q('anything on slot allocation in Europe or the Middle East', ...SEARCH),
  q('What did we report in 2026 on cargo?', ...SEARCH),
  q("keyword search across all past newsletters for 'entry-exit system'", ...SEARCH),
  q('mentions of Montijo in the older imported editions', ...SEARCH),
  q('articles with any of the tags noise or curfew', ...SEARCH),
  // projects
  q('Which airport developments are under way in Saudi Arabia?', 'apiV1ListProjects'),
  q('Terminal projects worth more than $1bn', 'apiV1ListProjects'),
  q('How much money is going into Heathrow?', 'apiV1ListProjects'),
  q('cancelled airport projects', 'apiV1ListProjects'),
  q('new airports being built in Africa', 'apiV1ListProjects'),
  q('runway construction schemes that are planned', 'apiV1ListProjects'),
  q('Who is the contractor for the Western Sydney airport?', 'apiV1ListProjects'),
  q('biggest airport investments in Asia', 'apiV1ListProjects'),
  q('Projects at JFK', 'apiV1ListProjects'),
  q('Details of project 12 including the articles that mentioned it', 'apiV1GetProject'),
  q('Full record for one development by its id', 'apiV1GetProject'),
  q('Download all planned projects as a spreadsheet', 'apiV1ExportProjects'),
  q('CSV of Middle East projects for Excel', 'apiV1ExportProjects'),
  q('projects expected to be finished by 2030', 'apiV1ListProjects'),
  q('which companies are involved in the Changi East development', 'apiV1ListProjects'),
  q('ongoing masterplan schemes in India', 'apiV1ListProjects'),
  // tenders
  q('Open tenders for baggage handling systems', 'apiV1ListTenders'),
  q('Bids closing this week', 'apiV1ListTenders'),
  q('Procurement opportunities in the UK', 'apiV1ListTenders'),
  q('Any expressions of interest I can respond to?', 'apiV1ListTenders'),
  q('RFPs for airport cybersecurity', 'apiV1ListTenders'),
  q('Which contracts were won, and by whom?', 'apiV1ListTenders'),
  q('Who was shortlisted for the Budapest screening contract?', 'apiV1ListTenders'),
  q('frameworks for consultancy services', 'apiV1ListTenders'),
  q('tenders sorted by highest value', 'apiV1ListTenders'),
  q('expired tenders for solar power', 'apiV1ListTenders'),
  q('Contract opportunities in Dubai', 'apiV1ListTenders'),
  q('Export tenders to CSV', 'apiV1ExportTenders'),
  q('spreadsheet of all tenders in Asia with bidders', 'apiV1ExportTenders'),
  q('show tender 17 with its bidders', 'apiV1GetTender'),
  q('one tender by its id', 'apiV1GetTender'),
  q('newly published RFPs', 'apiV1ListTenders'),
  q('terminal equipment tenders with a deadline next month', 'apiV1ListTenders'),
  // admin (editors)
  q('create a draft edition', 'apiV1AdminCreateEdition'),
  q('publish edition 101', 'apiV1AdminPublishEdition'),
  q('list the draft editions', 'apiV1AdminListEditions'),
  q('pending items in the editorial inbox', 'apiV1AdminListInbox'),
  q('promote an inbox candidate into an article', 'apiV1AdminPromoteInboxItem'),
  q('skip an inbox item', 'apiV1AdminSetInboxStatus'),
  q('who changed what: the audit log of admin edits', 'apiV1AdminListAudit'),
  q("fix a typo in an article's headline", 'apiV1AdminUpdateArticle'),
  q('add a new tender', 'apiV1AdminCreateTender'),
  q('delete a project', 'apiV1AdminDeleteProject'),
  q('update the executive summary of a draft edition', 'apiV1AdminUpdateEdition'),
  q("change a project's status to complete", 'apiV1AdminUpdateProject'),
  q('remove an article', 'apiV1AdminDeleteArticle'),
];
