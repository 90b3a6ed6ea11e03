import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { ROUTE_POLICIES, type Policy } from "~/lib/route-policies";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { SAMPLE_ARTICLE } from "../support/routes";

/** Every route of app/routes.ts with a URL that reaches it (parameters filled with sample values). */
function routeTable(entries: RouteConfigEntry[], parent = ""): Array<{ file: string; url: string }> {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = { file: entry.file, url: `/${fillParameters(joined)}`.replace(/\/+$/, "") || "/" };
    return [own, ...routeTable(entry.children ?? [], joined)];
  });
}

const SAMPLES: Record<string, string> = { ":lang?": "", ":lang": "fr", ":kind": "figures", "*": "no-such-page" };
function fillParameters(path: string): string {
  return path
    .split("/")
    .map((part, index, parts) => {
      if (part === ":slug") return parts[index - 1] === "blog" ? SAMPLE_ARTICLE : "legacy-of-mlk";
      if (part === ":file") return parts[index - 1] === "articles" ? `${SAMPLE_ARTICLE}.svg` : "fallback.svg";
      return SAMPLES[part] ?? part;
    })
    .filter(Boolean)
    .join("/");
}

const ROUTES = routeTable(routes);
const WHO = ["anonymous", "reader", "expiredAdmin", "admin"] as const;
type Who = (typeof WHO)[number];

/**
 * What each kind of visitor must get, by policy. `ok` is any answer that is neither a refusal nor a
 * server error (a page, a redirect, a 400 for an empty form, a 404 for the sample 404 page).
 */
const EXPECTED: Record<Policy, Record<Who, "ok" | 401 | 403 | "signIn">> = {
  public: { anonymous: "ok", reader: "ok", expiredAdmin: "ok", admin: "ok" },
  accounts: { anonymous: "ok", reader: "ok", expiredAdmin: "ok", admin: "ok" },
  signedIn: { anonymous: "signIn", reader: "ok", expiredAdmin: "ok", admin: "ok" },
  admin: { anonymous: 401, reader: 403, expiredAdmin: 403, admin: "ok" },
  page: { anonymous: 401, reader: 403, expiredAdmin: "ok", admin: "ok" },
  signed: { anonymous: 403, reader: 403, expiredAdmin: 403, admin: 403 },
};

// Tables a refused request must leave as they were (the security log is expected to grow).
const GUARDED_TABLES = ["comments", "contact_messages", "user", "articles", "settings", "admin_modes", "products", "episodes", "shop_book"] as const;


describe("every route declares its policy", () => {
  it("has an entry in ROUTE_POLICIES for each route of app/routes.ts, and none for a route that is gone", () => {
    const files = new Set(ROUTES.map((route) => route.file));
    expect([...files].filter((file) => !ROUTE_POLICIES[file])).toEqual([]);
    expect(Object.keys(ROUTE_POLICIES).filter((file) => !files.has(file))).toEqual([]);
  });
});

describe.each(dialects)("authorization matrix on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const PASSWORD = "correct horse battery";
  const system = { userId: null, sessionId: null, ip: "test", userAgent: null };
  beforeAll(async () => {
    await createOrPromoteAdmin(app.services, { email: "admin@example.org", password: PASSWORD }, system, new Date());
    await createOrPromoteAdmin(app.services, { email: "reader@example.org", password: PASSWORD }, system, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", "reader@example.org").execute();
  });

  const db = () => app.services.db;
  async function signIn(email: string, ip: string): Promise<HttpSession> {
    const session = new HttpSession(app.url, ip);
    expect((await session.post("/sign-in", { email, password: PASSWORD })).status).toBe(302);
    return session;
  }

  /** One visitor of each kind; the expired admin verified once, and is made stale before each request. */
  let expiredSessionId = "";
  async function visitors(): Promise<Record<Who, HttpSession>> {
    const admin = await signIn("admin@example.org", "10.5.0.4");
    expect((await admin.post("/admin-access", { intent: "verify" })).status).toBe(200);
    const [adminMode] = await db().selectFrom("admin_modes").select("session_id").execute();
    const expiredAdmin = await signIn("admin@example.org", "10.5.0.3");
    expect((await expiredAdmin.post("/admin-access", { intent: "verify" })).status).toBe(200);
    const other = await db().selectFrom("admin_modes").select("session_id").where("session_id", "!=", adminMode!.session_id).executeTakeFirstOrThrow();
    expiredSessionId = other.session_id;
    return { anonymous: new HttpSession(app.url, "10.5.0.1"), reader: await signIn("reader@example.org", "10.5.0.2"), expiredAdmin, admin };
  }
  /** The expired admin's admin mode, last used 31 minutes ago (each request ends it, so it is set again). */
  async function expire() {
    const stale = new Date(Date.now() - 31 * 60_000).toISOString();
    const user = await db().selectFrom("user").select("id").where("email", "=", "admin@example.org").executeTakeFirstOrThrow();
    await db().deleteFrom("admin_modes").where("session_id", "=", expiredSessionId).execute();
    await db().insertInto("admin_modes").values({ session_id: expiredSessionId, user_id: user.id, verified_at: stale, checked_at: stale, active_at: stale }).execute();
  }
  const send = async (visitor: Who, who: Record<Who, HttpSession>, request: (session: HttpSession) => Promise<Response>) => {
    if (visitor === "expiredAdmin") await expire();
    return request(who[visitor]);
  };

  /** Row counts of the guarded tables; the expired admin's own admin-mode row is ended by design. */
  async function counts(visitor: Who) {
    const tables = GUARDED_TABLES.filter((table) => visitor !== "expiredAdmin" || table !== "admin_modes");
    const entries = await Promise.all(
      tables.map(async (table) => [table, Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)] as const),
    );
    return Object.fromEntries(entries);
  }
  const securityEvents = async () => Number((await db().selectFrom("security_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  function check(expected: "ok" | 401 | 403 | "signIn", response: Response, label: string) {
    if (expected === "ok") {
      expect([401, 403], label).not.toContain(response.status);
      expect(response.status, label).toBeLessThan(500);
    } else if (expected === "signIn") {
      const toSignIn = response.status === 302 && /\/sign-in/.test(response.headers.get("location") ?? "");
      expect(toSignIn || response.status === 401, `${label}: ${response.status}`).toBe(true);
    } else {
      expect(response.status, label).toBe(expected);
    }
  }

  // Sign-out ends the visitor's session, so it is walked last.
  const ordered = [...ROUTES].sort((a, b) => Number(a.file === "routes/sign-out.ts") - Number(b.file === "routes/sign-out.ts"));

  it("gives every route the status its policy names, for each kind of visitor, and refusals change nothing", async () => {
    const who = await visitors();
    for (const route of ordered) {
      const policy = ROUTE_POLICIES[route.file]!;
      for (const visitor of WHO) {
        const label = `${visitor} GET ${route.url} (${policy.read})`;
        const eventsBefore = await securityEvents();
        check(EXPECTED[policy.read][visitor], await send(visitor, who, (session) => session.get(route.url)), label);
        const refused = EXPECTED[policy.read][visitor] === 403 || (policy.read === "admin" && visitor === "anonymous");
        if (refused) expect(await securityEvents(), `${label} writes a security event`).toBeGreaterThan(eventsBefore);
      }
      for (const visitor of WHO) {
        const label = `${visitor} POST ${route.url} (${policy.write ?? "no action"})`;
        if (visitor === "expiredAdmin") await expire();
        const before = await counts(visitor);
        const eventsBefore = await securityEvents();
        const response = await who[visitor].post(route.url, {});
        if (!policy.write) {
          expect(response.status, label).toBe(405);
          continue;
        }
        const expected = EXPECTED[policy.write][visitor];
        check(expected, response, label);
        if (expected !== "ok") {
          expect(await counts(visitor), `${label} writes nothing`).toEqual(before);
          if (policy.write === "admin") expect(await securityEvents(), `${label} writes a security event`).toBeGreaterThan(eventsBefore);
        }
      }
    }
  });
});
