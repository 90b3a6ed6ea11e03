import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";
import { listEpisodes } from "./episodes.server";
import { dailySeries, reportWindow, windowDays, type ReportWindow } from "./listen-days";
import { LISTENER_APPS, type ListenerApp } from "./listener-app";
import { SAMPLE_EPISODES } from "./sample-episodes";
import { slugify } from "./slug";

export type AppCounts = Record<ListenerApp, number>;

export interface ReportDay {
  day: string;
  listens: number;
  byApp: AppCounts;
}

export interface EpisodeListens {
  id: string;
  slug: string;
  title: string;
  /** Listens counted in the report's days. */
  listens: number;
  /** The total the episode's page shows. */
  total: number;
  /** For a sample episode: the invented number its total started from; null for a real episode. */
  invented: number | null;
}

export interface ListenReport {
  window: ReportWindow;
  total: number;
  days: ReportDay[];
  apps: Array<{ app: ListenerApp; listens: number }>;
  episodes: EpisodeListens[];
}

/** The invented starting totals of the sample episodes, by slug. */
const INVENTED = new Map(SAMPLE_EPISODES.map((sample) => [slugify(sample.text.en.title), sample.listens]));

const noApps = (): AppCounts => Object.fromEntries(LISTENER_APPS.map((app) => [app, 0])) as AppCounts;

/** An app label as stored; a label this version does not know is counted as "other". */
const knownApp = (app: string): ListenerApp => ((LISTENER_APPS as readonly string[]).includes(app) ? (app as ListenerApp) : "other");

/** The counted listens of the window, per day and app, and per episode. */
async function countsIn(db: Db, window: ReportWindow) {
  const inWindow = db.selectFrom("episode_listen_days").where("day", ">=", window.from).where("day", "<=", window.to);
  const [byDayAndApp, byEpisode] = await Promise.all([
    inWindow.select(["day", "app", (eb) => eb.fn.sum<number | string>("listens").as("listens")]).groupBy(["day", "app"]).execute(),
    inWindow.select(["episode_id", (eb) => eb.fn.sum<number | string>("listens").as("listens")]).groupBy("episode_id").execute(),
  ]);
  return {
    byDayAndApp: byDayAndApp.map((row) => ({ day: row.day, app: knownApp(row.app), listens: Number(row.listens) })),
    byEpisode: new Map(byEpisode.map((row) => [row.episode_id, Number(row.listens)])),
  };
}

/**
 * The listens report of the last `days` UTC days (today included): listens per day (every day, 0
 * when nobody listened) and per app, and per episode, most listened first, with each episode's
 * public total and, for the sample episodes, the invented number that total started from.
 */
export async function listenReport(db: Db, language: Language, now: Date, days: number): Promise<ListenReport> {
  const window = reportWindow(now, days);
  const [counts, episodes] = await Promise.all([countsIn(db, window), listEpisodes(db, language)]);
  const byApp = new Map(windowDays(window).map((day) => [day, noApps()]));
  const appTotals = noApps();
  for (const row of counts.byDayAndApp) {
    byApp.get(row.day)![row.app] += row.listens;
    appTotals[row.app] += row.listens;
  }
  const series = dailySeries(counts.byDayAndApp, window);
  return {
    window,
    total: series.reduce((sum, day) => sum + day.listens, 0),
    days: series.map((day) => ({ ...day, byApp: byApp.get(day.day)! })),
    apps: LISTENER_APPS.map((app) => ({ app, listens: appTotals[app] })),
    episodes: episodes
      .map((episode) => ({
        id: episode.id,
        slug: episode.slug,
        title: episode.title,
        listens: counts.byEpisode.get(episode.id) ?? 0,
        total: episode.listens,
        invented: INVENTED.get(episode.slug) ?? null,
      }))
      .sort((a, b) => b.listens - a.listens),
  };
}

/** How many listens were counted in the last `days` UTC days, today included (the dashboard's card). */
export async function listensInLastDays(db: Db, now: Date, days: number): Promise<number> {
  const window = reportWindow(now, days);
  const row = await db
    .selectFrom("episode_listen_days")
    .select((eb) => eb.fn.sum<number | string | null>("listens").as("listens"))
    .where("day", ">=", window.from)
    .where("day", "<=", window.to)
    .executeTakeFirst();
  return Number(row?.listens ?? 0);
}
