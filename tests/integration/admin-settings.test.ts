import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { pngImage } from "../support/images";
import { people } from "../support/people";
import { uploadFile } from "../support/tus";

// The owner's settings page on both databases: who may use it, each section's validation (nothing
// saved, an error per field), the audit row of a save, and the public pages showing the new value at
// once, through the anonymous page cache.

const en = locales.en.dashboard.settings;
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const rendered = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe.each(dialects)("the settings page on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { signIn, adminInMode } = people(app);
  const db = () => app.services.db;
  const setting = async (key: string) => (await db().selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
  const audits = () => db().selectFrom("audit_log").selectAll().where("action", "=", "update_settings").orderBy("timestamp").execute();
  const visitor = (path: string) => fetch(app.url + path);
  const visitorPage = async (path: string) => rendered(await visitor(path));
  /** A public page as an anonymous visitor gets it, once from the cache so a stale copy would show. */
  async function cachedPage(path: string): Promise<string> {
    await visitor(path);
    const again = await visitor(path);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    return rendered(again);
  }

  it("refuses anonymous visitors and readers, and changes nothing", async () => {
    const anonymous = new HttpSession(app.url, "10.8.0.1");
    expect((await anonymous.get("/admin/settings")).status).toBe(401);
    expect((await anonymous.post("/admin/settings", { intent: "numbers", movements: "1", countries: "1", subscriberClaim: "1" })).status).toBe(401);
    const reader = await signIn("reader@example.org", "10.8.0.2");
    expect((await reader.get("/admin/settings")).status).toBe(403);
    expect((await reader.post("/admin/settings", { intent: "numbers", movements: "1", countries: "1", subscriberClaim: "1" })).status).toBe(403);
    expect(await setting("promo.movements")).toBe("230");
    expect(await audits()).toEqual([]);
  });

  it("shows the stored values, with the environment's links as first-start defaults", async () => {
    const owner = await adminInMode("10.8.1.1");
    const html = await rendered(await owner.get("/admin/settings"));
    expect(html).toContain(escaped(en.title));
    for (const section of ["numbers", "links", "prices", "social", "platforms", "show"] as const) expect(html).toContain(escaped(en[section].title));
    expect(html).toMatch(/name="movements"[^>]*value="230"/);
    expect(html).toMatch(new RegExp(`name="purchaseUrl"[^>]*value="${app.services.config.purchaseUrl}"`));
    expect(html).toMatch(/name="bookPrice"[^>]*value="19.99"/);
  });

  it("refuses bad figures field by field, saves nothing and writes no audit row", async () => {
    const owner = await adminInMode("10.8.2.1");
    const answer = await owner.post("/admin/settings", { intent: "numbers", movements: "-5", countries: "12.5", subscriberClaim: "600" });
    expect(answer.status).toBe(422);
    const html = await rendered(answer);
    expect(html).toContain(escaped(en.errors.wholeNumber));
    expect(html).toContain(escaped(en.failed));
    // What was sent is shown again, so the owner can fix it.
    expect(html).toMatch(/name="movements"[^>]*value="-5"/);
    expect(await setting("newsletter.subscriberClaim")).toBe("500");

    const links = await rendered(await owner.post("/admin/settings", { intent: "links", purchaseUrl: "http://shop.example", tipUrl: "javascript:alert(1)", monthlyUrl: "" }));
    expect(links.match(new RegExp(escaped(en.errors.httpsUrl), "g"))).toHaveLength(2);
    const prices = await owner.post("/admin/settings", [["intent", "prices"], ["bookPrice", "20"], ["bookOldPrice", "15"], ["merchSlug", "field-notebook"], ["merchPrice", "abc"]]);
    expect(prices.status).toBe(422);
    const pricesHtml = await rendered(prices);
    expect(pricesHtml).toContain(escaped(en.errors.oldPriceNotHigher));
    expect(pricesHtml).toContain(escaped(en.errors.money));
    const bookPrice = await db().selectFrom("products").select("price_cents").where("kind", "=", "book").executeTakeFirstOrThrow();
    expect(Number(bookPrice.price_cents)).toBe(1999);
    // An unknown product refuses the whole form: the e-book's valid new price is not written either.
    const unknown = await owner.post("/admin/settings", [["intent", "prices"], ["bookPrice", "21"], ["merchSlug", "no-such-item"], ["merchPrice", "5"]]);
    expect(unknown.status).toBe(422);
    const unknownHtml = await rendered(unknown);
    expect(unknownHtml).toContain(escaped(en.errors.unknownProduct));
    expect(Number((await db().selectFrom("products").select("price_cents").where("kind", "=", "book").executeTakeFirstOrThrow()).price_cents)).toBe(1999);
    expect((await owner.post("/admin/settings", { intent: "dropTables" })).status).toBe(400);
    expect(await audits()).toEqual([]);
  });

  it("saves the figures with an audit row, and the cached home page shows them at once", async () => {
    expect(await cachedPage("/")).toContain("230+ movements");
    const owner = await adminInMode("10.8.3.1");
    const saved = await owner.post("/admin/settings", { intent: "numbers", movements: "245", countries: "61", subscriberClaim: "0750" });
    expect(saved.status).toBe(200);
    expect(await rendered(saved)).toContain(escaped(en.saved));
    const [row] = await audits();
    expect(row).toMatchObject({ resource: "settings/numbers", ip_address: "10.8.3.1" });
    expect(JSON.parse(row!.details)).toEqual({ section: "numbers", changed: ["promo.movements", "promo.countries", "newsletter.subscriberClaim"] });
    const home = await visitorPage("/");
    expect(home).toContain("245+ movements");
    expect(home).toContain("61 countries");
    expect(home).toContain("Join over 750+ subscribers");
  });

  it("sends the shop's, the cart's and the footer's buttons to the owner's links", async () => {
    await cachedPage("/shop");
    const owner = await adminInMode("10.8.4.1");
    const links = { intent: "links", purchaseUrl: "https://books.example/buy", tipUrl: "https://tips.example/us", monthlyUrl: "https://members.example/monthly" };
    expect((await owner.post("/admin/settings", links)).status).toBe(200);
    const shop = await visitorPage("/shop");
    expect(shop).toContain('href="https://books.example/buy"');
    expect(shop).toContain('href="https://tips.example/us"');
    expect(shop).toContain('href="https://members.example/monthly"');
    const about = await visitorPage("/fr/about");
    expect(about).toContain('href="https://tips.example/us"');

    // An empty monthly link hides its button.
    expect((await owner.post("/admin/settings", { ...links, monthlyUrl: "" })).status).toBe(200);
    expect(await visitorPage("/shop")).not.toContain("members.example");
  });

  it("prices the shop from the database: the e-book, its old price, the offer badge and the merchandise", async () => {
    expect(await cachedPage("/shop")).toContain(escaped(locales.en.shop.purchase.offer));
    const owner = await adminInMode("10.8.5.1");
    const form: [string, string][] = [["intent", "prices"], ["bookPrice", "24,50"], ["bookOldPrice", ""], ["merchSlug", "field-notebook"], ["merchPrice", "27"]];
    expect((await owner.post("/admin/settings", form)).status).toBe(200);
    const shop = await visitorPage("/shop");
    expect(shop).toContain("$24.50");
    expect(shop).not.toContain("$29.99");
    expect(shop).toContain("$27.00");
    expect(shop).not.toContain(escaped(locales.en.shop.purchase.offer));
    expect(await setting("shop.limitedOffer")).toBe("false");
    const row = (await audits()).at(-1)!;
    expect(JSON.parse(row.details)).toEqual({ section: "prices", changed: ["shop.limitedOffer", "book", "field-notebook"] });
  });

  it("links a social button out once its page is set; the others keep the 'Coming Soon' overlay", async () => {
    await cachedPage("/blog");
    const owner = await adminInMode("10.8.6.1");
    expect((await owner.post("/admin/settings", { intent: "social", facebook: "", twitter: "", instagram: "https://instagram.com/ourpage", youtube: "" })).status).toBe(200);
    const blog = await visitorPage("/blog");
    expect(blog).toMatch(/<a href="https:\/\/instagram.com\/ourpage" target="_blank" rel="noopener" aria-label="Our Instagram page/);
    expect(blog).toContain('aria-label="Follow us on Facebook"');
  });

  it("links 'Follow Everywhere' to the platforms set, with the owner's own platforms", async () => {
    await cachedPage("/podcast");
    const owner = await adminInMode("10.8.7.1");
    const form: [string, string][] = [
      ["intent", "platforms"], ["apple", "https://podcasts.apple.com/show/id1"], ["spotify", ""], ["youtubeMusic", ""],
      ["otherName", "Pocket Casts"], ["otherUrl", "https://pca.st/show"], ["otherName", ""], ["otherUrl", ""],
    ];
    expect((await owner.post("/admin/settings", form)).status).toBe(200);
    const podcast = await visitorPage("/podcast");
    expect(podcast).toContain('href="https://podcasts.apple.com/show/id1"');
    expect(podcast).toContain('href="https://pca.st/show"');
    expect(podcast).toContain("Listen on Pocket Casts");
    expect(podcast).not.toContain("Google Podcasts");
  });

  it("describes the show in the podcast feed as the owner set it", async () => {
    const before = await (await visitor("/podcast/feed.xml")).text();
    expect(before).toContain('<itunes:category text="News"><itunes:category text="Politics"/></itunes:category>');
    const owner = await adminInMode("10.8.8.1");
    const bad = await owner.post("/admin/settings", { intent: "show", title: "", author: "", ownerEmail: "not-an-address", category: "Politics", hostBio: "" });
    expect(bad.status).toBe(422);
    const badHtml = await rendered(bad);
    expect(badHtml).toContain(escaped(en.errors.email));
    expect(badHtml).toContain(escaped(en.errors.category));
    const show = { intent: "show", title: "Voices & Borders", author: "A. Mensah", ownerEmail: "host@example.org", category: "Society & Culture > Documentary", explicit: "on", hostBio: "A. Mensah reports from Accra." };
    expect((await owner.post("/admin/settings", show)).status).toBe(200);
    const feed = await (await visitor("/podcast/feed.xml")).text();
    expect(feed).toContain("<title>Voices &amp; Borders</title>");
    expect(feed).toContain("<itunes:author>A. Mensah</itunes:author>");
    expect(feed).toContain("<itunes:email>host@example.org</itunes:email>");
    expect(feed).toContain('<itunes:category text="Society &amp; Culture"><itunes:category text="Documentary"/></itunes:category>');
    expect(feed).toContain("<itunes:explicit>true</itunes:explicit>");
    expect(feed).toContain("A. Mensah reports from Accra.");
  });

  it("takes only square JPEG or PNG artwork of 1400 to 3000 pixels, and the feed names the stored one", async () => {
    const owner = await adminInMode("10.8.9.1");
    const post = async (bytes: Buffer, name: string) => owner.post("/admin/settings.data", { intent: "artwork", uploadId: await uploadFile(owner, bytes, name, "image") });
    const refusals: [Buffer, string][] = [
      [await pngImage(1400, 1500), en.errors.artworkSquare],
      [await pngImage(1000, 1000), en.errors.artworkSmall],
      [await pngImage(3200, 3200), en.errors.artworkLarge],
      [Buffer.from("GIF89a not really an image at all, just words"), en.errors.artworkType],
    ];
    for (const [bytes, message] of refusals) {
      const answer = await post(bytes, "art.png");
      expect(answer.status, message).toBeGreaterThanOrEqual(400);
      expect(await answer.text(), message).toContain(Object.entries(en.errors).find(([, text]) => text === message)![0]);
    }
    expect(await setting("podcast.artworkKey")).toBe("");
    expect((await post(await pngImage(1400, 1400), "art.png")).status).toBe(200);
    const key = (await setting("podcast.artworkKey"))!;
    expect(key).toMatch(/^podcast-artwork\/show-\d+\.png$/);
    const file = key.split("/")[1]!;
    const feed = await (await visitor("/podcast/feed.xml")).text();
    expect(feed).toContain(`<itunes:image href="http://localhost:3000/podcast/artwork/${file}"/>`);
    const image = await visitor(`/podcast/artwork/${file}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await visitor("/podcast/artwork/show-1.png")).status).toBe(404);
    expect(JSON.parse((await audits()).at(-1)!.details)).toEqual({ section: "artwork", changed: ["podcast.artworkKey"] });
  });
});
