/**
 * /v1 archive search (seed 001, section 4); the engine is the one of /api/v1/search
 * (src/domain/articles/search-engine.ts), the filter the domain's `ArchiveFilter`
 * (src/domain/articles/schemas.ts) with `terms` comma-separated. In a trial preview of `archive`,
 * only the latest published edition is searched.
 * | GET | /v1/search        | { articles }; archive                                              |
 * | GET | /v1/search/facets | regions, countries, topics, tags, airports, years, editions; archive |
 * | GET | /v1/search/export | text/csv, streamed, uncapped; archive + exports                    |
 * Parameters: q, region, terms, airport, year, edition, mine, include_events, limit (50), offset;
 * /v1/search also highlight (decision 0044).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { exportArchive, facetArchive, searchArchive } from '../../../domain/articles/index.js';
import { SearchParams, searchParams, searchParamsToQuery } from '../../../domain/articles/index.js';
import { csvExportRoute } from '../../csv.js';
import { ctxOf } from '../../types.js';
import { facetsRoute, flag, Named, namedList, Paging } from '../named.js';
import { Article, ARTICLE_CSV_COLUMNS, presentSearchHit } from '../records/article.js';

const tags = ['Search'];

/** The domain's archive filter in this dialect: `terms` comma-separated. */
const filters = searchParams;
const Filters = SearchParams;
const FACET_NAMES = ['regions', 'countries', 'topics', 'tags', 'airports', 'years', 'editions'] as const;

/** These parameters (a comma list) as the domain's archive query. */
const toQuery = searchParamsToQuery;

export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/search', {
    config: { gates: searchArchive.gates },
    schema: {
      operationId: 'v1Search', summary: 'Search the article archive', tags,
      description: 'By relevance then recency with `q`, else newest edition first in edition order. Trial preview: only the latest published edition. '
        + 'With `highlight=true` and `q`, each article carries `highlight`: its headline and a snippet as plain-text fragments `{ text, match }` built by PostgreSQL ts_headline (never markup; decision 0044).',
      querystring: Type.Object({ ...filters, highlight: flag('true (with q): each article carries `highlight`, the headline and a snippet with the query\'s matches marked as fragments', false), ...Paging(50) }),
      response: { 200: Named('articles', Article) },
    },
  }, async (req, reply) => {
    const { limit, offset, highlight, ...rest } = req.query;
    return namedList(reply, 'articles', { limit, offset }, (w) => searchArchive(ctxOf(req), toQuery(rest), w, { highlight }), presentSearchHit);
  });

  facetsRoute(r, '/search/facets', {
    operationId: 'v1SearchFacets', summary: 'Filter vocabulary of the archive with counts', tags,
    description: 'For the articles the same parameters match: each facet lists `{ value, label, count }`, most frequent first. `value` is what the search parameter takes (region slug, topic or tag slug for terms, IATA code, year, edition number); countries are informative.',
    names: FACET_NAMES, querystring: Filters, gates: facetArchive.gates, run: (ctx, q) => facetArchive(ctx, toQuery(q)),
  });

  csvExportRoute(r, '/search/export', {
    operationId: 'v1SearchExport', summary: 'Export matching articles as CSV (streamed, no row cap)', tags,
    description: 'Columns: headline, why_it_matters, topics, source, link (no article text). RFC 4180, UTF-8, CRLF.',
    querystring: Filters, file: 'articles', gates: exportArchive.gates,
    run: (ctx, q) => exportArchive(ctx, toQuery(q), ARTICLE_CSV_COLUMNS),
  });
}
