import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { findArticles } from '../src/domain/articles/search-engine.js';
const db = new Kysely<any>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (d) => new PostgresIntrospector(d), createQueryCompiler: () => new PostgresQueryCompiler() }, log: (e) => { console.log(e.query.sql); console.log(JSON.stringify(e.query.parameters)); } });
await findArticles(db, { q: 'runway expansion' }, { limit: 30, offset: 0 });
