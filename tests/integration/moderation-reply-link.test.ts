import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { people } from "../support/people";

// An address's local part may hold "?", "=" and "&", so the contact form accepts this one as it is.
const CRAFTED = "reply?bcc=spy@evil.example";

describe.each(dialects)("the moderation reply link on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);

  it("writes the sender to exactly one recipient, with no header a crafted address could add", async () => {
    const sent = await new HttpSession(app.url, "10.40.0.1").post("/contact", { name: "Sender", email: CRAFTED, topic: "general", message: "Hello" });
    expect(sent.status).toBe(200);
    const owner = await adminInMode("10.40.0.2");
    const page = await owner.get("/admin/moderation?tab=messages");
    expect(page.status).toBe(200);
    const hrefs = [...(await page.text()).matchAll(/href="(mailto:[^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    expect(hrefs).toHaveLength(1);
    const link = new URL(hrefs[0]!);
    expect(link.search).toBe("");
    expect(hrefs[0]).not.toMatch(/[?&]/);
    expect(decodeURIComponent(link.pathname)).toBe(CRAFTED);
  });
});
