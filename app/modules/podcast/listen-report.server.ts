import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";
import { listEpisodes } from "./episodes.server";
import { dailySeries, reportWindow, windowDays, type ReportWindow } from "./listen-days";
import { LISTENER_APPS, type ListenerApp } from "./listener-app";
import { SAMPLE_EPISODES } from "./sample-episodes";
import { slugify } from "~/lib/slug";

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
  /** The episode the days and apps are of, or null for all of them. */
  episode: EpisodeListens | null;
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

/** The counted listens of the window, per day and app (of one episode, or of all), and per episode. */
async function countsIn(db: Db, window: ReportWindow, episodeId: string | null) {
  const inWindow = db.selectFrom("episode_listen_days").where("day", ">=", window.from).where("day", "<=", window.to);
  const [byDayAndApp, byEpisode] = await Promise.all([
    inWindow
      .$if(episodeId !== null, (query) => query.where("episode_id", "=", episodeId!))
      .select(["day", "app", (eb) => eb.fn.sum<number | string>("listens").as("listens")])
      .groupBy(["day", "app"])
      .execute(),
    inWindow.select(["episode_id", (eb) => eb.fn.sum<number | string>("listens").as("listens")]).groupBy("episode_id").execute(),
  ]);
  return {
    byDayAndApp: byDayAndApp.map((row) => ({ day: row.day, app: knownApp(row.app), listens: Number(row.listens) })),
    byEpisode: new Map(byEpisode.map((row) => [row.episode_id, Number(row.listens)])),
  };
}

/**
 * The listens report of the last `days` UTC days (today included): listens per day (every day, 0
 * when nobody listened) and per app, of the episode whose slug is `episodeSlug` or of all episodes
 * (also when no episode has that slug: `episode` is then null), and per episode, most listened first,
 * with each episode's public total and, for the sample episodes, the invented number it started from.
 */
export async function listenReport(db: Db, language: Language, now: Date, days: number, episodeSlug = ""): Promise<ListenReport> {
  const window = reportWindow(now, days);
  const episodes = await listEpisodes(db, language);
  const chosen = episodes.find((episode) => episode.slug === episodeSlug) ?? null;
  const counts = await countsIn(db, window, chosen?.id ?? null);
  const byApp = new Map(windowDays(window).map((day) => [day, noApps()]));
  const appTotals = noApps();
  for (const row of counts.byDayAndApp) {
    byApp.get(row.day)![row.app] += row.listens;
    appTotals[row.app] += row.listens;
  }
  const series = dailySeries(counts.byDayAndApp, window);
  const perEpisode = episodes
    .map((episode) => ({
      id: episode.id,
      slug: episode.slug,
      title: episode.title,
      listens: counts.byEpisode.get(episode.id) ?? 0,
      total: episode.listens,
      invented: INVENTED.get(episode.slug) ?? null,
    }))
    .sort((a, b) => b.listens - a.listens);
  return {
    window,
    episode: perEpisode.find((episode) => episode.id === chosen?.id) ?? null,
    total: series.reduce((sum, day) => sum + day.listens, 0),
    days: series.map((day) => ({ ...day, byApp: byApp.get(day.day)! })),
    apps: LISTENER_APPS.map((app) => ({ app, listens: appTotals[app] })),
    episodes: perEpisode,
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
