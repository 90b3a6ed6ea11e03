import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Db } from "~/adapters/db/database.server";
import type { Language } from "~/i18n/languages";

export interface Product {
  slug: string;
  kind: "book" | "merch";
  category: string;
  priceCents: number;
  oldPriceCents: number | null;
  comingSoon: boolean;
  title: string;
  description: string;
  image: string;
}

/** The catalogue in the reader's language (English where a translation is missing), in shop order. */
export async function listProducts(db: Db, language: Language): Promise<Product[]> {
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("product_translations as e", (join) => join.onRef("e.product_id", "=", "p.id").on("e.language", "=", "en"))
    .leftJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").on("t.language", "=", language))
    .select((eb) => [
      "p.slug",
      "p.kind",
      "p.category",
      "p.price_cents",
      "p.old_price_cents",
      "p.coming_soon",
      eb.fn.coalesce("t.title", "e.title").as("title"),
      eb.fn.coalesce("t.description", "e.description").as("description"),
    ])
    .orderBy("p.sort")
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    kind: row.kind,
    category: row.category,
    priceCents: Number(row.price_cents),
    oldPriceCents: row.old_price_cents === null ? null : Number(row.old_price_cents),
    comingSoon: Number(row.coming_soon) === 1,
    title: row.title,
    description: row.description,
    image: `/images/products/${row.slug}.svg`,
  }));
}

interface ProductSeed extends Pick<Product, "slug" | "kind" | "category" | "priceCents" | "oldPriceCents" | "comingSoon"> {
  sort: number;
  text: Partial<Record<Language, { title: string; description: string }>> & { en: { title: string; description: string } };
}

/** Adds the catalogue of content/products.json; products already stored (and their prices) are left alone. */
export async function seedProducts(db: Db, file: string, now: Date): Promise<number> {
  const seeds = JSON.parse(readFileSync(file, "utf8")) as ProductSeed[];
  let added = 0;
  for (const seed of seeds) {
    const inserted = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("products").select("id").where("slug", "=", seed.slug).executeTakeFirst();
      if (existing) return false;
      const id = randomUUID();
      await trx
        .insertInto("products")
        .values({
          id,
          slug: seed.slug,
          kind: seed.kind,
          category: seed.category,
          price_cents: seed.priceCents,
          old_price_cents: seed.oldPriceCents,
          coming_soon: seed.comingSoon ? 1 : 0,
          sort: seed.sort,
          created_at: now.toISOString(),
        })
        .execute();
      await trx
        .insertInto("product_translations")
        .values(Object.entries(seed.text).map(([language, text]) => ({ product_id: id, language, ...text })))
        .execute();
      return true;
    });
    if (inserted) added++;
  }
  return added;
}
