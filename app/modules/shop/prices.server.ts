import type { AppServices } from "~/adapters/context.server";
import type { Db } from "~/adapters/db/database.server";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/modules/audit/audit.server";
import { storeSettings } from "~/modules/settings/save-settings.server";
import type { Language } from "~/i18n/languages";
import type { Settings } from "~/modules/settings/settings.server";
import { moneyText, type PriceChange } from "./price-form";
import { listProducts } from "./products.server";

type Services = Pick<AppServices, "db" | "pageChanges" | "logger">;

/**
 * Saves the prices of the settings page: the e-book's (the one product of kind "book") and each
 * merchandise item's, with the 'Limited Time Offer' switch, in one transaction with its audit row. A
 * merchandise slug that is not in the shop refuses the whole form, so nothing is half-written.
 */
export async function savePrices(services: Services, actor: Actor, change: PriceChange, now: Date): Promise<string[]> {
  return storeSettings(services, actor, "prices", { "shop.limitedOffer": String(change.limitedOffer) }, now, async (trx) => {
    const changed: string[] = [];
    const book = await trx
      .selectFrom("products")
      .select(["id", "price_cents", "old_price_cents"])
      .where("kind", "=", "book")
      .orderBy("sort")
      .executeTakeFirst();
    if (book && (Number(book.price_cents) !== change.bookPriceCents || nullableNumber(book.old_price_cents) !== change.bookOldPriceCents)) {
      await trx
        .updateTable("products")
        .set({
          price_cents: change.bookPriceCents,
          old_price_cents: change.bookOldPriceCents,
        })
        .where("id", "=", book.id)
        .execute();
      changed.push("book");
    }
    for (const item of change.merch) {
      if (await setMerchPrice(trx, item.slug, item.priceCents)) changed.push(item.slug);
    }
    return changed;
  });
}

async function setMerchPrice(trx: Db, slug: string, priceCents: number): Promise<boolean> {
  const row = await trx.selectFrom("products").select("price_cents").where("slug", "=", slug).where("kind", "=", "merch").executeTakeFirst();
  if (!row)
    throw new Refusal("unknownProduct", { status: 422 });
  if (Number(row.price_cents) === priceCents) return false;
  await trx.updateTable("products").set({ price_cents: priceCents }).where("slug", "=", slug).execute();
  return true;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** The prices form's values: the e-book's prices as "19.99", the offer switch and each merchandise item's price. */
export async function priceFormValues(db: Db, language: Language, settings: Settings) {
  const products = await listProducts(db, language);
  const book = products.find((product) => product.kind === "book");
  return {
    bookPrice: book ? moneyText(book.priceCents) : "",
    bookOldPrice: book?.oldPriceCents ? moneyText(book.oldPriceCents) : "",
    limitedOffer: settings["shop.limitedOffer"] === "true",
    merch: products
      .filter((product) => product.kind === "merch")
      .map((product) => ({
        slug: product.slug,
        title: product.title,
        price: moneyText(product.priceCents),
      })),
  };
}

export type PriceFormValues = Awaited<ReturnType<typeof priceFormValues>>;
