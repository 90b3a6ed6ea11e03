import { z } from "~/lib/zod";
import { checkboxField, listField, trimmedField } from "~/lib/form-input";

/**
 * The prices form of the settings page: the e-book's price, its struck-through old price (optional,
 * above the price) and 'Limited Time Offer', and each merchandise item's price (sent as repeated
 * merchSlug/merchPrice fields, in the same order). Prices are US dollars with at most two decimals,
 * "19.99", "19,99" or "19", from 0 to 99,999.99; a merchandise item's problem is under `merch-<slug>`.
 */
const MONEY = /^(\d{1,5})(?:[.,](\d{2}))?$/;

/** "19.99" (or "19,99", "19") as cents, or null when it is not a price. */
export function centsOf(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2] ?? 0);
}

/** Cents as the form shows them: 1999 → "19.99". */
export function moneyText(cents: number): string {
  return (cents / 100).toFixed(2);
}

const moneyField = () =>
  trimmedField().transform((value, context) => {
    const cents = centsOf(value);
    if (cents === null)
      context.addIssue({
        code: "custom",
        message: value ? "money" : "required",
      });
    return cents ?? 0;
  });

export const pricesSchema = z
  .object({
    bookPrice: moneyField(),
    bookOldPrice: trimmedField(),
    limitedOffer: checkboxField(),
    merchSlug: listField(),
    merchPrice: listField(),
  })
  .transform((value, context) => {
    let oldPriceCents: number | null = null;
    if (value.bookOldPrice) {
      oldPriceCents = centsOf(value.bookOldPrice);
      if (oldPriceCents === null)
        context.addIssue({
          code: "custom",
          message: "money",
          path: ["bookOldPrice"],
        });
      else if (oldPriceCents <= value.bookPrice)
        context.addIssue({
          code: "custom",
          message: "oldPriceNotHigher",
          path: ["bookOldPrice"],
        });
    }
    const merch: { slug: string; priceCents: number }[] = [];
    value.merchSlug.forEach((slug, index) => {
      const text = (value.merchPrice[index] ?? "").trim();
      const cents = centsOf(text);
      if (cents === null)
        context.addIssue({
          code: "custom",
          message: text ? "money" : "required",
          path: [`merch-${slug}`],
        });
      else merch.push({ slug, priceCents: cents });
    });
    return {
      bookPriceCents: value.bookPrice,
      bookOldPriceCents: oldPriceCents,
      limitedOffer: value.limitedOffer,
      merch,
    };
  });

export type PriceChange = z.output<typeof pricesSchema>;
