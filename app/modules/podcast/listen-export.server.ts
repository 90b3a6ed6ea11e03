import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { toCsv } from "~/modules/audit/csv";
import { listEpisodes } from "./episodes.server";
import { reportWindow } from "./listen-days";

export const LISTENS_CSV_HEADER = ["Date (UTC)", "Episode", "Episode address", "App", "Listens"] as const;

/**
 * The counted listens of the last `days` UTC days as CSV for the owner's spreadsheet: one line per day,
 * episode and app (oldest day first, then by title and app), titles in the owner's language. Cells are
 * guarded against spreadsheet formulas (csvCell). The export is audited (`export_listens`).
 */
export async function exportListens(db: Db, actor: Actor, language: Language, now: Date, days: number): Promise<{ csv: string; rows: number }> {
  const window = reportWindow(now, days);
  return db.transaction().execute(async (trx) => {
    const [rows, episodes] = await Promise.all([
      trx
        .selectFrom("episode_listen_days")
        .select(["day", "episode_id", "app", "listens"])
        .where("day", ">=", window.from)
        .where("day", "<=", window.to)
        .execute(),
      listEpisodes(trx, language),
    ]);
    const byId = new Map(episodes.map((episode) => [episode.id, episode]));
    const lines = rows.map((row) => {
      const episode = byId.get(row.episode_id);
      return [row.day, episode?.title ?? "", episode ? `/podcast/${episode.slug}` : "", row.app, Number(row.listens)] as const;
    });
    lines.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[3].localeCompare(b[3]));
    await recordAudit(trx, actor, { action: "export_listens", resource: "episode_listens", details: { days, rows: lines.length } }, now);
    return { csv: toCsv(LISTENS_CSV_HEADER, lines), rows: lines.length };
  });
}
