import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";

// The podcast feed's owner address (itunes:owner, podcast:locked), which Apple Podcasts mails to confirm
// ownership: the owner's own account until the owner sets one for the show, never a made-up address.

const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };
const PASSWORD = "correct horse battery";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

describe.each(dialects)("the podcast feed's owner address on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  async function feedOwner() {
    app.clock.advance(61_000); // past the stored copy's minute
    const channel = parser.parse(await (await fetch(`${app.url}/podcast/feed.xml`)).text()).rss.channel;
    return { owner: channel["itunes:owner"]["itunes:email"], locked: channel["podcast:locked"]["@owner"] };
  }

  it("is the first admin's address, then the one the owner sets in the settings", async () => {
    expect(app.services.config.contactEmail).toBe("editor@localhost");
    expect(await feedOwner()).toEqual({ owner: "editor@localhost", locked: "editor@localhost" });

    await createOrPromoteAdmin(app.services, { email: "host@example.org", password: PASSWORD }, SYSTEM, app.clock.now());
    app.clock.advance(1000);
    await createOrPromoteAdmin(app.services, { email: "second-admin@example.org", password: PASSWORD }, SYSTEM, app.clock.now());
    expect(await feedOwner()).toEqual({ owner: "host@example.org", locked: "host@example.org" });

    const owner = new HttpSession(app.url, "10.61.0.1");
    expect((await owner.post("/sign-in", { email: "host@example.org", password: PASSWORD })).status).toBe(302);
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);
    const show = { intent: "show", title: "", author: "", ownerEmail: "show@example.org", category: "News > Politics", hostBio: "" };
    expect((await owner.post("/admin/settings", show)).status).toBe(200);
    expect(await feedOwner()).toEqual({ owner: "show@example.org", locked: "show@example.org" });
  });
});
