import { PostgresAdapter, sql, type Kysely } from "kysely";

// The admin's subscriber search matches anywhere in the email address and the names
// (docs/decisions/062-subscriber-search-anywhere-with-trigrams.md). Both databases index the same
// text per subscriber, the email, a line break, then the folded first and last names
// (first_name_key, last_name_key from 0010) joined by a space; a search never holds a line break, so
// no match runs from the address into the names.
// - PostgreSQL: a trigram index (pg_trgm's GIN operator class) on that expression answers
//   `LIKE '%text%'`. The extension is created in the public schema when missing, which needs the
//   right to create it (pg_trgm is a trusted extension: the database's owner may).
// - SQLite: a contentless FTS5 table with the trigram tokenizer, keyed by the subscriber's rowid and
//   kept in step by triggers; filled here for the subscribers already stored.

const HAYSTACK = "email || char(10) || coalesce(first_name_key, '') || ' ' || coalesce(last_name_key, '')";
const haystackOf = (row: "new" | "old") => HAYSTACK.replace(/(email|first_name_key|last_name_key)/g, `${row}.$1`);

async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  const schema = await installed();
  if (schema) return schema;
  // Migrations run in one transaction: a savepoint lets it go on when another process created the
  // extension at the same moment (a refusal of a duplicate), which is then found installed.
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
    const created = await installed();
    if (created) return created;
    throw new Error(
      "The subscriber search needs PostgreSQL's pg_trgm extension, and this database user may not create it. " +
        "Ask the database's administrator to run `CREATE EXTENSION pg_trgm WITH SCHEMA public;` in this database, then start the site again. " +
        `(${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return (await installed()) ?? "public";
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const schema = await trigramSchema(db);
    const haystack = sql.raw(HAYSTACK.replace("char(10)", "E'\\n'"));
    await sql`create index subscribers_search_trigrams on subscribers using gin ((${haystack}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table subscribers_search using fts5(haystack, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
  await sql.raw(`insert into subscribers_search (rowid, haystack) select rowid, ${HAYSTACK} from subscribers`).execute(db);
  await sql.raw(`create trigger subscribers_search_insert after insert on subscribers begin insert into subscribers_search (rowid, haystack) values (new.rowid, ${haystackOf("new")}); end`).execute(db);
  await sql.raw(`create trigger subscribers_search_delete after delete on subscribers begin delete from subscribers_search where rowid = old.rowid; end`).execute(db);
  // Only when a searched column changes: the confirmation mail's state is written far more often.
  await sql
    .raw(
      `create trigger subscribers_search_update after update of email, first_name_key, last_name_key on subscribers begin ` +
        `delete from subscribers_search where rowid = old.rowid; insert into subscribers_search (rowid, haystack) values (new.rowid, ${haystackOf("new")}); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index subscribers_search_trigrams`.execute(db);
    return;
  }
  for (const trigger of ["subscribers_search_update", "subscribers_search_delete", "subscribers_search_insert"]) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table subscribers_search`.execute(db);
}
