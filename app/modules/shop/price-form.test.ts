import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { centsOf, moneyText, pricesSchema } from "./price-form";

describe("the prices form", () => {
  it("reads dollars with up to two decimals as cents", () => {
    expect([centsOf("19.99"), centsOf("19,99"), centsOf(" 19 "), centsOf("0")]).toEqual([1999, 1999, 1900, 0]);
    expect([centsOf("19.9"), centsOf("-1"), centsOf("19.999"), centsOf("$19"), centsOf(""), centsOf("100000")]).toEqual([null, null, null, null, null, null]);
    expect(moneyText(1999)).toBe("19.99");
  });

  it("takes the e-book's prices, the offer switch and each item's price", () => {
    const form = new FormData();
    Object.entries({ bookPrice: "24.50", bookOldPrice: "34", limitedOffer: "on" }).forEach(([name, value]) => form.append(name, value));
    form.append("merchSlug", "field-notebook");
    form.append("merchPrice", "25");
    expect(parseInput(pricesSchema, form)).toEqual({
      ok: true,
      value: { bookPriceCents: 2450, bookOldPriceCents: 3400, limitedOffer: true, merch: [{ slug: "field-notebook", priceCents: 2500 }] },
    });
  });

  it("refuses an old price not above the price and a bad item price under the item's name", () => {
    expect(parseInput(pricesSchema, { bookPrice: "20", bookOldPrice: "20.00", merchSlug: ["pin"], merchPrice: ["twelve"] })).toEqual({
      ok: false,
      errors: { bookOldPrice: "oldPriceNotHigher", "merch-pin": "money" },
    });
    expect(parseInput(pricesSchema, { bookPrice: "", bookOldPrice: "" })).toEqual({ ok: false, errors: { bookPrice: "required" } });
  });
});
