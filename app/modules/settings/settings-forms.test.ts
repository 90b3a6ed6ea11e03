import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { linksSchema, numbersSchema, platformsSchema, showSchema, socialSchema } from "./settings-forms";

describe("the settings page's forms", () => {
  it("takes promo figures as whole numbers of 0 or more, stored without leading zeros", () => {
    expect(parseInput(numbersSchema, { movements: " 0231 ", countries: "0", subscriberClaim: "1200" })).toEqual({
      ok: true,
      value: { movements: "231", countries: "0", subscriberClaim: "1200" },
    });
    expect(parseInput(numbersSchema, { movements: "-3", countries: "5.5", subscriberClaim: "" })).toEqual({
      ok: false,
      errors: { movements: "wholeNumber", countries: "wholeNumber", subscriberClaim: "wholeNumber" },
    });
    expect(parseInput(numbersSchema, { movements: "1e3", countries: "1234567890", subscriberClaim: "٣" }).ok).toBe(false);
  });

  it("requires the purchase link, and takes only https links", () => {
    expect(parseInput(linksSchema, { purchaseUrl: "", tipUrl: "", monthlyUrl: "" })).toEqual({ ok: false, errors: { purchaseUrl: "required" } });
    expect(parseInput(linksSchema, { purchaseUrl: "http://shop.example", tipUrl: "javascript:alert(1)", monthlyUrl: "ko-fi.com/x" })).toEqual({
      ok: false,
      errors: { purchaseUrl: "httpsUrl", tipUrl: "httpsUrl", monthlyUrl: "httpsUrl" },
    });
    expect(parseInput(linksSchema, { purchaseUrl: "https://user:pw@shop.example", tipUrl: `https://x.example/${"a".repeat(500)}` }).ok).toBe(false);
    expect(parseInput(linksSchema, { purchaseUrl: " https://shop.example/buy ", tipUrl: "", monthlyUrl: "https://patreon.example/us" })).toEqual({
      ok: true,
      value: { purchaseUrl: "https://shop.example/buy", tipUrl: "", monthlyUrl: "https://patreon.example/us" },
    });
  });

  it("leaves social links optional", () => {
    expect(parseInput(socialSchema, { facebook: "https://facebook.com/us" })).toEqual({
      ok: true,
      value: { facebook: "https://facebook.com/us", twitter: "", instagram: "", youtube: "" },
    });
  });

  it("reads other platforms as rows, dropping empty rows and naming a bad row by its index", () => {
    const form = new FormData();
    for (const [name, url] of [
      ["Pocket  Casts", "https://pca.st/show"],
      ["", ""],
      ["Overcast", ""],
      ["", "https://x.example"],
    ]) {
      form.append("otherName", name!);
      form.append("otherUrl", url!);
    }
    expect(parseInput(platformsSchema, form)).toEqual({ ok: false, errors: { other2: "required", other3: "nameRequired" } });
    const good = new FormData();
    good.append("apple", "https://podcasts.apple.com/show");
    good.append("otherName", "Pocket  Casts");
    good.append("otherUrl", "https://pca.st/show");
    good.append("otherName", "");
    good.append("otherUrl", "");
    expect(parseInput(platformsSchema, good)).toEqual({
      ok: true,
      value: { apple: "https://podcasts.apple.com/show", spotify: "", youtubeMusic: "", others: [{ name: "Pocket Casts", url: "https://pca.st/show" }] },
    });
  });

  it("takes show details with a category from Apple's list and a valid e-mail", () => {
    const show = {
      title: "The Dialogues",
      author: "A. Mensah",
      ownerEmail: "owner@example.org",
      category: "News > Politics",
      explicit: "on",
      hostBio: "Host.",
    };
    expect(parseInput(showSchema, show)).toEqual({ ok: true, value: { ...show, explicit: true } });
    expect(parseInput(showSchema, { ...show, category: "Politics", ownerEmail: "owner@", explicit: undefined })).toEqual({
      ok: false,
      errors: { category: "category", ownerEmail: "email" },
    });
    expect(parseInput(showSchema, { ...show, title: "x".repeat(201) })).toEqual({ ok: false, errors: { title: "tooLong" } });
  });
});
