import type { Kysely } from "kysely";

// An episode's timed transcript as the owner uploaded it (WebVTT or SubRip, checked before it is
// stored), its format ("vtt" or "srt") so it is served under its own type, and its chapters as
// Podcasting 2.0 JSON chapters. All null when the episode has none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("episodes").addColumn("transcript_file", "text").execute();
  await db.schema.alterTable("episodes").addColumn("transcript_format", "varchar(8)").execute();
  await db.schema.alterTable("episodes").addColumn("chapters", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["transcript_file", "transcript_format", "chapters"]) {
    await db.schema.alterTable("episodes").dropColumn(column).execute();
  }
}
