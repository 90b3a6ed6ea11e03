import { sql, type ExpressionBuilder } from "kysely";
import type { Db, DialectName } from "~/adapters/db/database.server";
import type { Database } from "~/adapters/db/schema";
import { containsPattern, trigramQuery, type PrefixMatch, type SubscriberSearch } from "./subscriber-search";

/**
 * The SQL of the admin's subscriber search (subscriber-search.ts says what it looks for). A text
 * found anywhere is looked up in the text migration 0029 indexes: the email, a line break, the folded
 * first and last names joined by a space. The expression must stay exactly the one indexed there.
 */

type Where = ExpressionBuilder<Database, "subscribers">;

const haystack = (dialect: DialectName) =>
  dialect === "postgres"
    ? sql<string>`(email || E'\\n' || coalesce(first_name_key, '') || ' ' || coalesce(last_name_key, ''))`
    : sql<string>`(email || char(10) || coalesce(first_name_key, '') || ' ' || coalesce(last_name_key, ''))`;

/**
 * column >= from and column < to. `unindexed` writes the column as `+column`, which SQLite reads as
 * "do not use an index for this term" (the value is the same), so it walks the newest-first index.
 */
function prefix(eb: Where, match: PrefixMatch, unindexed: boolean) {
  const column = unindexed ? sql<string>`+${sql.ref(match.column)}` : sql.ref<string>(match.column);
  return match.to === null ? eb(column, ">=", match.from) : eb.and([eb(column, ">=", match.from), eb(column, "<", match.to)]);
}

/**
 * A text anywhere: PostgreSQL's trigram index answers LIKE; SQLite's FTS5 trigram table gives the
 * matching rowids, or, when the newest-first index is walked (`unindexed`), each row read is checked
 * with instr(), which has no wildcards to escape.
 */
function anywhere(eb: Where, dialect: DialectName, texts: string[], unindexed: boolean) {
  if (dialect === "postgres") return eb.or(texts.map((text) => eb(haystack(dialect), "like", containsPattern(text))));
  if (unindexed) return eb.or(texts.map((text) => eb(sql<number>`instr(${haystack(dialect)}, ${text})`, ">", 0)));
  return eb(sql<number>`rowid`, "in", sql<number>`(select rowid from subscribers_search where subscribers_search match ${trigramQuery(texts)})`);
}

/** Subscribers the search finds (all of them without one). */
export function matching(db: Db, dialect: DialectName, search: SubscriberSearch, unindexed = false) {
  const base = db.selectFrom("subscribers");
  if (search.kind === "all") return base;
  if (search.kind === "anywhere") return base.where((eb) => anywhere(eb, dialect, search.texts, unindexed));
  return base.where((eb) => eb.or(search.plan.map((all) => eb.and(all.map((match) => prefix(eb, match, unindexed))))));
}

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0);

export interface Matches {
  /** How many the search finds, counted up to the limit. */
  count: number;
  /** The ids of the page asked for, newest first, when they came with the count (fewer matches than the limit). */
  page: string[] | null;
}

/**
 * How many subscribers the search finds, up to `limit`. On SQLite a text found anywhere is counted in
 * the FTS5 table alone, which stops at the limit (the rowids it holds are those of existing rows: the
 * triggers delete with the row). On PostgreSQL each candidate of the trigram index is checked in the
 * table, and these reads are the cost: the matches are read once, counted, and the page (`size` rows
 * after `offset`, newest first) picked from them in the same statement.
 */
export async function findMatches(db: Db, dialect: DialectName, search: SubscriberSearch, limit: number, { offset, size }: { offset: number; size: number }): Promise<Matches> {
  if (search.kind === "anywhere" && dialect === "sqlite") {
    const found = await sql<{ count: number }>`select count(*) as count from (select rowid from subscribers_search where subscribers_search match ${trigramQuery(search.texts)} limit ${limit})`.execute(db);
    return { count: countOf(found.rows[0]), page: null };
  }
  if (search.kind === "anywhere") {
    const candidates = matching(db, dialect, search).select(["id", "created_at"]).limit(limit);
    const { rows } = await sql<{ count: string; id: string | null }>`with found as materialized (${candidates})
      select counted.count, page.id from (select count(*) as count from found) counted
      left join (select id, created_at from found order by created_at desc, id desc limit ${size} offset ${offset}) page on true
      order by page.created_at desc, page.id desc`.execute(db);
    const count = countOf(rows[0]);
    return { count, page: count < limit ? rows.flatMap((row) => (row.id === null ? [] : [row.id])) : null };
  }
  const found = matching(db, dialect, search).select("id").limit(limit);
  return { count: countOf(await db.selectFrom(found.as("found")).select((eb) => eb.fn.countAll().as("count")).executeTakeFirst()), page: null };
}
