/**
 * A reader's favourites (`user_interests`) as a search condition: the /v1 `mine=true` filter.
 * An article matches when it carries one of the reader's favourite topics or tags (by slug), is in
 * one of their favourite regions (slug), or mentions one of their favourite airports (IATA code).
 * A reader without favourites matches nothing.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Interest kinds that `mine` uses. */
export const MINE_KINDS = ['topic', 'tag', 'region', 'airport'] as const;

/** The article `alias` matches one of the favourites of user `userId`. */
export const matchesInterests = (userId: string, alias: string): RawBuilder<SqlBool> => sql<SqlBool>`exists (
  select 1 from user_interests ui where ui.user_id = ${userId}::uuid and (
       (ui.kind = 'region' and ui.ref = ${sql.ref(`${alias}.region_slug`)})
    or (ui.kind = 'topic' and exists (select 1 from article_topics l join topics t on t.id = l.topic_id
                                       where l.article_id = ${sql.ref(`${alias}.id`)} and t.slug = ui.ref))
    or (ui.kind = 'tag' and exists (select 1 from article_tags l join tags t on t.id = l.tag_id
                                     where l.article_id = ${sql.ref(`${alias}.id`)} and t.slug = ui.ref))
    or (ui.kind = 'airport' and exists (select 1 from article_airports l join airports ap on ap.id = l.airport_id
                                         where l.article_id = ${sql.ref(`${alias}.id`)} and ap.iata = upper(ui.ref)))))`;
