import Database from "better-sqlite3";
import path from "node:path";

/**
 * Grows a site's archive the way years of writing would: each sample article copied `copies` times under
 * new addresses, each copy published a month before the last, with all its translations. The bench renders
 * pages of a site of some hundreds of articles next to the sample's ten, so a page whose cost grows with
 * the archive (a query that reads every article, a list that links every page) shows in its numbers.
 * The server must be stopped while these run: they write the SQLite file directly.
 */
export function growArchive(dataDir: string, copies: number): number {
  return copyEach(dataDir, copies, {
    table: "articles",
    copyRow: `insert into articles (id, slug, category, tags, image, featured, published_at, created_at, updated_at, state)
      select id || '-' || @copy, slug || '-' || @copy, category, tags, image, 0,
             strftime('%Y-%m-%dT%H:%M:%fZ', published_at, '-' || (@copy * 30) || ' days'), created_at, updated_at, state
      from articles where id = @id`,
    copyTexts: `insert into article_translations (article_id, language, title, excerpt, body, search_text, updated_at, seo_title, seo_description, image_alt)
      select article_id || '-' || @copy, language, title, excerpt, body, search_text, updated_at, seo_title, seo_description, image_alt
      from article_translations where article_id = @id`,
  });
}

/**
 * The same for the podcast: each sample episode copied `copies` times, each copy two months before the
 * last, with its texts (its audio is not copied: a page lists episodes, it does not read their audio).
 */
export function growPodcast(dataDir: string, copies: number): number {
  return copyEach(dataDir, copies, {
    table: "episodes",
    copyRow: `insert into episodes (id, slug, duration_seconds, published_at, image, categories, listens, audio_key, audio_size, audio_type, guid, transcript, created_at, updated_at, transcript_file, transcript_format, chapters)
      select id || '-' || @copy, slug || '-' || @copy, duration_seconds, strftime('%Y-%m-%dT%H:%M:%fZ', published_at, '-' || (@copy * 60) || ' days'),
             image, categories, listens, audio_key || '-' || @copy, audio_size, audio_type, guid || '-' || @copy, transcript, created_at, updated_at,
             transcript_file, transcript_format, chapters
      from episodes where id = @id`,
    copyTexts: `insert into episode_translations (episode_id, language, title, description, updated_at)
      select episode_id || '-' || @copy, language, title, description, updated_at from episode_translations where episode_id = @id`,
  });
}

/** Runs `copyRow` and `copyTexts` (with @id and @copy) for each row of `table`, `copies` times, in one transaction; the rows there are then. */
function copyEach(dataDir: string, copies: number, { table, copyRow, copyTexts }: { table: string; copyRow: string; copyTexts: string }): number {
  const db = new Database(path.join(dataDir, "app.db"));
  try {
    return db.transaction(() => {
      const originals = db.prepare(`select id from ${table}`).pluck().all() as string[];
      const [row, texts] = [db.prepare(copyRow), db.prepare(copyTexts)];
      for (let copy = 1; copy <= copies; copy++) {
        for (const id of originals) {
          row.run({ id, copy });
          texts.run({ id, copy });
        }
      }
      return db.prepare(`select count(*) from ${table}`).pluck().get() as number;
    })();
  } finally {
    db.close();
  }
}
