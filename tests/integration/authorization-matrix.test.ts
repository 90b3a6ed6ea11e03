import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { Policy } from "~/lib/route-policies";
import { declaredPolicy } from "~/route-table";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { SAMPLE_ARTICLE } from "../support/routes";
import { securityEventTotal } from "../support/security-events";

/** Every route of app/routes.ts with a URL that reaches it (parameters filled with sample values). */
function routeTable(entries: RouteConfigEntry[], parent = ""): Array<{ id: string; file: string; url: string }> {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    // React Router's id of a route: the one app/routes.ts gives it, else its file without the extension.
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const own = { id, file: entry.file, url: `/${fillParameters(joined)}`.replace(/\/+$/, "") || "/" };
    return [own, ...routeTable(entry.children ?? [], joined)];
  });
}

const SAMPLES: Record<string, string> = { ":lang?": "", ":lang": "fr", ":kind": "figures", ":id": "new", "*": "no-such-page" };
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
type Method = "GET" | "POST";

/** The status (and, for a redirect, where to) a request must get. */
type Expected = { status: number; to?: string };

/**
 * What a route answers a visitor its policy lets through, where that is not 200 for a GET and 400
 * for an empty form POST (or 405 without an action): the sample URLs name no stored file, the token
 * pages have no token, sign-in and two-factor send a signed-in visitor to the account page.
 */
const LET_THROUGH: Record<string, Partial<Record<Method, number | ((visitor: Who) => Expected)>>> = {
  "routes/shop-cover.ts": { GET: 404 },
  // One sitemap holds the sample site: there are no numbered parts.
  "routes/sitemap-part.ts": { GET: 404 },
  "routes/article-cover.ts": { GET: 404 },
  "routes/shop-video.ts": { GET: 404 },
  "routes/podcast-audio.ts": { GET: 404 },
  "routes/podcast-artwork.ts": { GET: 404 },
  // The sample episode has no timed transcript and no chapters.
  "routes/podcast-transcript-file.ts": { GET: 404 },
  "routes/podcast-chapters.ts": { GET: 404 },
  "routes/verify-email.tsx": { GET: 400 },
  "routes/sign-in-link-verify.tsx": { GET: 400 },
  "routes/newsletter-confirm.tsx": { GET: 400 },
  "routes/not-found.tsx": { GET: 404 },
  "routes/setup.tsx": { GET: 410, POST: 410 },
  "routes/unsubscribe.tsx": { POST: 200 },
  "routes/sign-out.ts": { GET: 302, POST: 302 },
  "routes/sign-in.tsx": { GET: (visitor) => (visitor === "anonymous" ? { status: 200 } : { status: 302, to: "/account" }), POST: (visitor) => (visitor === "anonymous" ? { status: 400 } : { status: 302, to: "/account" }) },
  "routes/two-factor.tsx": { GET: (visitor) => (visitor === "anonymous" ? { status: 200 } : { status: 302, to: "/account" }), POST: (visitor) => (visitor === "anonymous" ? { status: 400 } : { status: 302, to: "/account" }) },
};

/** The refusals each policy names, by visitor; a visitor not listed is let through. */
const REFUSALS: Record<Policy, Partial<Record<Who, Expected>>> = {
  public: {},
  accounts: {},
  signedIn: { anonymous: { status: 302, to: "/sign-in" } },
  admin: { anonymous: { status: 401 }, reader: { status: 403 }, expiredAdmin: { status: 403 } },
  page: { anonymous: { status: 401 }, reader: { status: 403 } },
  signed: { anonymous: { status: 403 }, reader: { status: 403 }, expiredAdmin: { status: 403 }, admin: { status: 403 } },
};

function letThrough(file: string, method: Method, visitor: Who): Expected {
  const own = LET_THROUGH[file]?.[method];
  if (typeof own === "function") return own(visitor);
  return { status: own ?? (method === "GET" ? 200 : 400) };
}

/** Whether a refusal by this policy writes a security event (a signed-out visit to the dashboard does not). */
const refusalIsLogged = (policy: Policy, visitor: Who) => policy === "admin" || policy === "signed" || (policy === "page" && visitor === "reader");

// Tables a refused request must leave as they were (the security log is expected to grow).
const GUARDED_TABLES = ["comments", "contact_messages", "user", "articles", "settings", "admin_modes", "products", "episodes", "shop_book"] as const;

describe("every route declares its policy", () => {
  it("has a policy for each route of app/routes.ts (and the root), found the way the server finds it", () => {
    expect(ROUTES.filter((route) => !declaredPolicy(route.id)).map((route) => route.id)).toEqual([]);
    expect(declaredPolicy("root")).toEqual({ read: "public" });
    expect(declaredPolicy("routes/no-such-route")).toBeUndefined();
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
  /** Row counts of the guarded tables; the expired admin's own admin-mode row is ended by design. */
  async function counts(visitor: Who) {
    const tables = GUARDED_TABLES.filter((table) => visitor !== "expiredAdmin" || table !== "admin_modes");
    const entries = await Promise.all(
      tables.map(async (table) => [table, Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)] as const),
    );
    return Object.fromEntries(entries);
  }
  // Repeats from one visitor are counted into one row, so the events are summed, not the rows.
  const securityEvents = () => securityEventTotal(db());

  const answerOf = async (response: Response) => ({ status: response.status, to: response.headers.get("location") ?? undefined });

  // Sign-out ends the visitor's session, so it is walked last.
  const ordered = [...ROUTES].sort((a, b) => Number(a.file === "routes/sign-out.ts") - Number(b.file === "routes/sign-out.ts"));

  it("gives every route, for each kind of visitor, the status its policy names (or the route's own when let through), and refusals change nothing", async () => {
    const who = await visitors();
    for (const route of ordered) {
      const policy = declaredPolicy(route.id)!;
      for (const method of ["GET", "POST"] as const) {
        const rule = method === "GET" ? policy.read : policy.write;
        for (const visitor of WHO) {
          const label = `${visitor} ${method} ${route.url} (${rule ?? "no action"})`;
          if (visitor === "expiredAdmin") await expire();
          const [before, eventsBefore] = [await counts(visitor), await securityEvents()];
          const response = method === "GET" ? await who[visitor].get(route.url) : await who[visitor].post(route.url, {});
          if (!rule) {
            expect(response.status, label).toBe(405);
            continue;
          }
          const refusal = REFUSALS[rule][visitor];
          const wanted = refusal ?? letThrough(route.file, method, visitor);
          const answer = await answerOf(response);
          expect(answer.status, label).toBe(wanted.status);
          if (wanted.to) expect(answer.to, label).toBe(wanted.to);
          if (!refusal) continue;
          if (method === "POST") expect(await counts(visitor), `${label} writes nothing`).toEqual(before);
          if (refusalIsLogged(rule, visitor)) expect(await securityEvents(), `${label} writes a security event`).toBeGreaterThan(eventsBefore);
        }
      }
    }
    // About 550 requests, each followed by counts of the tables: far longer than one request's test.
  }, 120_000);
});
