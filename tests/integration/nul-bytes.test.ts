import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "../support/routes";

const NUL = "\u0000";

describe.each(dialects)("NUL bytes on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const db = () => app.services.db;
  const post = (path: string, body: string, ip: string) =>
    fetch(app.url + path, { method: "POST", body, headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip } });

  it("answers a NUL in a search, a slug or a path with a plain 400, never a 500", async () => {
    const paths = ["/blog?q=%00", "/blog?q=trade%00x", "/fr/blog?q=%00", "/blog/%00", `/blog/${SAMPLE_ARTICLE}%00`, "/podcast/%00", `/podcast/${SAMPLE_EPISODE}%00`, "/podcast?category=%00", "/unsubscribe/%00", "/%00"];
    for (const path of paths) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).not.toMatch(/at .+:\d+:\d+/);
    }
    expect((await fetch(`${app.url}/blog?q=trade`)).status).toBe(200);
  });

  it("stores a contact message, a comment and a subscriber sent with NULs (raw and %00) without them", async () => {
    const contact = await post("/contact", `name=Ann%00Lee&email=ann%40example.org&topic=general&message=Hello${NUL}there%00!`, "10.71.0.1");
    expect(contact.status).toBe(200);
    const comment = await post("/about", `intent=comment&terms=on&name=Kwame%00&comment=Good${NUL}%00 point`, "10.71.0.2");
    expect(comment.status).toBe(200);
    const subscribe = await post("/subscribe", `email=ab%00c%40example.org&firstName=Ad%00a&lastName=Ob${NUL}i&message=Hi%00`, "10.71.0.3");
    expect(subscribe.status).toBe(200);

    const [message] = await db().selectFrom("contact_messages").select(["name", "message"]).execute();
    expect(message).toEqual({ name: "AnnLee", message: "Hellothere!" });
    const [stored] = await db().selectFrom("comments").select(["name", "body"]).execute();
    expect(stored).toEqual({ name: "Kwame", body: "Good point" });
    const [subscriber] = await db().selectFrom("subscribers").select(["email", "first_name", "last_name", "message"]).execute();
    expect(subscriber).toEqual({ email: "abc@example.org", first_name: "Ada", last_name: "Obi", message: "Hi" });
  });

  it("refuses nothing else: %2500 is a percent sign followed by 00", async () => {
    const response = await post("/contact", "name=100%2500&email=pct%40example.org&topic=general&message=Fine", "10.71.0.4");
    expect(response.status).toBe(200);
    const row = await db().selectFrom("contact_messages").select("name").where("email", "=", "pct@example.org").executeTakeFirst();
    expect(row?.name).toBe("100%00");
  });
});
