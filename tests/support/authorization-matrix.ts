import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import type { Policy } from "~/lib/route-policies";
import { declaredPolicy } from "~/route-table";
import { appOnTestDatabase } from "./app-server";
import { dialects } from "./databases";
import { HttpSession } from "./http-session";
import { people } from "./people";
import { SAMPLE_ARTICLE } from "./routes";
import { securityEventTotal } from "./security-events";

/**
 * The authorization matrix: every route of app/routes.ts, by GET and by POST, as each kind of visitor, on both
 * databases. One test file walks it for one kind of visitor (tests/integration/authorization-matrix-*.test.ts),
 * so no file takes long: together they once took two minutes and more on a loaded machine.
 */

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

export const ROUTES = routeTable(routes);
export type Visitor = "anonymous" | "reader" | "expiredAdmin" | "admin";
type Method = "GET" | "POST";

/** The status (and, for a redirect, where to) a request must get. */
type Expected = { status: number; to?: string };

/**
 * What a route answers a visitor its policy lets through, where that is not 200 for a GET and 400
 * for an empty form POST (or 405 without an action): the sample URLs name no stored file, the token
 * pages have no token, sign-in and two-factor send a signed-in visitor to the account page.
 */
const LET_THROUGH: Record<string, Partial<Record<Method, number | ((visitor: Visitor) => Expected)>>> = {
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
  // No issue is called "new"; an empty form names no article.
  "routes/admin-newsletter.tsx": { POST: 400 },
  "routes/admin-newsletter-issue.tsx": { GET: 404, POST: 400 },
  "routes/admin-newsletter-preview.ts": { GET: 404 },
  // No issue "new", no signed link.
  "routes/newsletter-click.ts": { GET: 404 },
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
const REFUSALS: Record<Policy, Partial<Record<Visitor, Expected>>> = {
  public: {},
  accounts: {},
  signedIn: { anonymous: { status: 302, to: "/sign-in" } },
  admin: { anonymous: { status: 401 }, reader: { status: 403 }, expiredAdmin: { status: 403 } },
  page: { anonymous: { status: 401 }, reader: { status: 403 } },
  signed: { anonymous: { status: 403 }, reader: { status: 403 }, expiredAdmin: { status: 403 }, admin: { status: 403 } },
};

function letThrough(file: string, method: Method, visitor: Visitor): Expected {
  const own = LET_THROUGH[file]?.[method];
  if (typeof own === "function") return own(visitor);
  return { status: own ?? (method === "GET" ? 200 : 400) };
}

/** Whether a refusal by this policy writes a security event (a signed-out visit to the dashboard does not). */
const refusalIsLogged = (policy: Policy, visitor: Visitor) => policy === "admin" || policy === "signed" || (policy === "page" && visitor === "reader");

// Tables a refused request must leave as they were (the security log is expected to grow).
const GUARDED_TABLES = ["comments", "contact_messages", "user", "articles", "settings", "admin_modes", "products", "episodes", "shop_book"] as const;

// Sign-out ends the visitor's session, so it is walked last.
const ORDERED = [...ROUTES].sort((a, b) => Number(a.file === "routes/sign-out.ts") - Number(b.file === "routes/sign-out.ts"));

/**
 * For a test file: the matrix's row of one kind of visitor on each database. The expired admin verified
 * once, and is made stale before each request (each request ends its admin mode, so it is set again).
 */
export function walkEveryRouteAs(visitor: Visitor): void {
  describe.each(dialects)(`authorization matrix for the ${visitor} on %s`, (dialect) => {
    const app = appOnTestDatabase(dialect);
    const { signIn, adminInMode } = people(app);
    const db = () => app.services.db;

    let adminMode: { session_id: string; user_id: string } | undefined;
    async function session(): Promise<HttpSession> {
      if (visitor === "anonymous") return new HttpSession(app.url, "10.5.0.1");
      if (visitor === "reader") return signIn("reader@example.org", "10.5.0.2");
      const admin = await adminInMode(visitor === "admin" ? "10.5.0.4" : "10.5.0.3");
      adminMode = await db().selectFrom("admin_modes").select(["session_id", "user_id"]).executeTakeFirstOrThrow();
      return admin;
    }
    /** The expired admin's admin mode, last used 31 minutes ago. */
    async function expire() {
      const stale = new Date(Date.now() - 31 * 60_000).toISOString();
      await db().deleteFrom("admin_modes").where("session_id", "=", adminMode!.session_id).execute();
      await db().insertInto("admin_modes").values({ ...adminMode!, verified_at: stale, checked_at: stale, active_at: stale }).execute();
    }
    /** Row counts of the guarded tables; the expired admin's own admin-mode row is ended by design. */
    async function counts() {
      const tables = GUARDED_TABLES.filter((table) => visitor !== "expiredAdmin" || table !== "admin_modes");
      const entries = await Promise.all(
        tables.map(async (table) => [table, Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)] as const),
      );
      return Object.fromEntries(entries);
    }
    // Repeats from one visitor are counted into one row, so the events are summed, not the rows.
    const securityEvents = () => securityEventTotal(db());

    it("gives every route the status its policy names for this visitor (or the route's own when let through), and refusals change nothing", async () => {
      const who = await session();
      for (const route of ORDERED) {
        const policy = declaredPolicy(route.id)!;
        for (const method of ["GET", "POST"] as const) {
          const rule = method === "GET" ? policy.read : policy.write;
          const label = `${visitor} ${method} ${route.url} (${rule ?? "no action"})`;
          if (visitor === "expiredAdmin") await expire();
          const [before, eventsBefore] = [await counts(), await securityEvents()];
          const response = method === "GET" ? await who.get(route.url) : await who.post(route.url, {});
          if (!rule) {
            expect(response.status, label).toBe(405);
            continue;
          }
          const refusal = REFUSALS[rule][visitor];
          const wanted = refusal ?? letThrough(route.file, method, visitor);
          expect(response.status, label).toBe(wanted.status);
          if (wanted.to) expect(response.headers.get("location") ?? undefined, label).toBe(wanted.to);
          if (!refusal) continue;
          if (method === "POST") expect(await counts(), `${label} writes nothing`).toEqual(before);
          if (refusalIsLogged(rule, visitor)) expect(await securityEvents(), `${label} writes a security event`).toBeGreaterThan(eventsBefore);
        }
      }
    });
  });
}
