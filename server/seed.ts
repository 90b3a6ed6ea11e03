import type { Db } from "~/adapters/db/database.server";
import type { ObjectStorage } from "~/adapters/storage/contract";
import path from "node:path";
import { seedArticles } from "~/modules/blog/seed.server";
import { seedEpisodes } from "~/modules/podcast/seed.server";
import { readSettings, seedDefaultSettings, writeSetting, type Settings } from "~/modules/settings/settings.server";
import { seedProducts } from "~/modules/shop/products.server";
import { PATHS } from "./paths";

/**
 * Sample content for a fresh install. Every step inserts only what is missing, so running it on
 * each start never duplicates a row or overwrites what the owner changed. `firstStartSettings` (the
 * links from the environment) are stored only when their setting is stored for the first time.
 */
export async function seedSampleContent(db: Db, storage: ObjectStorage, now: Date, firstStartSettings: Partial<Settings> = {}, warn?: (message: string) => void): Promise<Record<string, number>> {
  const settings = await seedDefaultSettings(db, now, firstStartSettings);
  // The sample articles are added on the first start only: after that the owner edits them in the
  // admin, and one the owner deleted stays deleted.
  const articlesFirstStart = (await readSettings(db))["articles.samplesSeededAt"] === "";
  const articles = articlesFirstStart ? await seedArticles(db, path.join(PATHS.content, "articles"), now, warn) : 0;
  if (articlesFirstStart) await writeSetting(db, "articles.samplesSeededAt", now.toISOString(), now);
  const products = await seedProducts(db, path.join(PATHS.content, "products.json"), now);
  // The sample episodes' audio is generated (a short chime), not shipped in content/. They are added
  // on the first start only, so an episode the owner deleted stays deleted.
  const firstStart = (await readSettings(db))["podcast.samplesSeededAt"] === "";
  const episodes = await seedEpisodes(db, storage, now, { addMissing: firstStart });
  if (firstStart) await writeSetting(db, "podcast.samplesSeededAt", now.toISOString(), now);
  return { settings, articles, products, episodes };
}
