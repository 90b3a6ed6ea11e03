import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeMailerLiteCampaigns, type FakeAccount, type FakeCampaign, type FakeCampaignStats } from "./fake-mailerlite-campaigns";
import { fixedWindow, type FakeLimits } from "./fake-mailerlite-limits";
import { fakeMailerLiteRoutes, type FakeAnswer, type FakeSubscriber } from "./fake-mailerlite-routes";

export type { FakeAccount, FakeCampaign } from "./fake-mailerlite-campaigns";
export type { FakeAnswer, FakeSubscriber } from "./fake-mailerlite-routes";

/**
 * A local HTTP server that speaks MailerLite's "connect" API as documented, with its limits, so a
 * test fails where the real API would refuse: bearer auth; 120 requests a minute per account, each
 * answer carrying X-RateLimit-Limit and X-RateLimit-Remaining, a 429 with Retry-After (and
 * X-RateLimit-Reset) beyond; POST /batch with at most 50 requests, counted as one request, and a batch
 * made only of subscriber upserts counted as an import too (5 a minute, its own 429); POST /subscribers
 * (upsert by email), PUT /subscribers/{id} (by id only), GET /subscribers/{id or email}, GET /groups
 * in pages (filter[name] matching part of a name), POST /groups, POST /subscribers/{id}/groups/{group_id}
 * (add to a group), GET /groups/{id}/subscribers; the campaigns (fake-mailerlite-campaigns.ts): POST
 * /campaigns (regular, HTML content refused with a 422 when `account.customHtmlAllowed` is false),
 * GET /campaigns, GET and DELETE /campaigns/{id}, POST /campaigns/{id}/schedule (instant, or at a
 * date, hours and minutes in the future) and POST /campaigns/{id}/cancel; 404 for anything else.
 * Every call counts against the same limits. The window is 60 s unless a test asks for a shorter one.
 * Campaigns are sent on the stand-in's clock (`now` plus what `advance` added): at each request, and
 * when a test calls deliverDue(), to the active subscribers of their groups.
 * It records every call (a batch's inner requests too), and answers can be scripted: "the next two
 * POSTs answer 503, then one 429 with Retry-After: 1".
 */

export interface RecordedCall {
  method: string;
  /** Path below the API base, with the query: "/subscribers", "/groups?limit=100&page=1". */
  path: string;
  body: unknown;
  authorization: string | undefined;
  contentType: string | undefined;
  status: number;
  /** For a request inside a batch: the index in `calls` of the POST /batch that carried it. */
  inBatch?: number;
}

export interface FakeMailerLiteStats {
  /** Requests that counted against the 120 a minute (a batch counts once). */
  counted: number;
  /** Windows opened: how many minutes' worth of budget were used. */
  windows: number;
  /** Windows in which a 429 was answered: those that ended at the limits rather than by the clock. */
  limitedWindows: number;
  /** 429 answers for the global limit, and for the import limit. */
  limited: number;
  importLimited: number;
  /** Batches that counted as imports. */
  imports: number;
}

export interface FakeMailerLite {
  /** The API base to put in MAILERLITE_BASE_URL. */
  url: string;
  apiKey: string;
  calls: RecordedCall[];
  /** By lower-cased email. */
  subscribers: Map<string, FakeSubscriber>;
  groups: Array<{ id: string; name: string }>;
  /** By id. */
  campaigns: Map<string, FakeCampaign>;
  /** The account's plan and settings; a test may change them between requests. */
  account: FakeAccount;
  limits: Required<FakeLimits>;
  stats: FakeMailerLiteStats;
  /** The stand-in's clock (ms since the epoch). */
  now(): number;
  /** Moves the stand-in's clock on, and sends the campaigns whose time has come. */
  advance(ms: number): void;
  /** Sends the ready campaigns whose time has come; returns how many went. */
  deliverDue(): number;
  /** Adds what recipients did with a sent campaign to its stats (bounces, unsubscribes, spam complaints). */
  recordCampaignEvents(id: string, events: Partial<Record<"hardBounces" | "softBounces" | "unsubscribes" | "spamComplaints", number>>): void;
  /** The next requests matching `match` get these answers, in order, instead of the real one (no limit counted). */
  failNext(answers: FakeAnswer[], match?: { method?: string; path?: string }): void;
  /** Calls of one method and path (query ignored), batched or not, that were answered 2xx (none when not recorded). */
  succeeded(method: string, path: string): RecordedCall[];
  close(): Promise<void>;
}

export const DEFAULT_GROUPS = ["newsletter-subscribers", "complete-profile", "blog-readers", "general-subscribers"];
export const BATCH_MAX = 50;

export async function startFakeMailerLite({
  apiKey = "fake-key-0123456789",
  groupNames = DEFAULT_GROUPS,
  limits = {},
  now: baseNow = Date.now,
  recordCalls = true,
  customHtmlAllowed = true,
  verifiedSenders = null,
  accountTimeZone = "UTC",
}: {
  apiKey?: string;
  groupNames?: string[];
  limits?: FakeLimits;
  now?: () => number;
  recordCalls?: boolean;
  customHtmlAllowed?: boolean;
  verifiedSenders?: string[] | null;
  accountTimeZone?: string;
} = {}): Promise<FakeMailerLite> {
  let advanced = 0;
  const now = () => baseNow() + advanced;
  const calls: RecordedCall[] = [];
  const subscribers = new Map<string, FakeSubscriber>();
  const groups = groupNames.map((name, index) => ({ id: String(9_000_000_000 + index), name }));
  const script: Array<{ answer: FakeAnswer; match: { method?: string; path?: string } }> = [];
  const settings: Required<FakeLimits> = { perWindow: 120, importsPerWindow: 5, windowMs: 60_000, ...limits };
  const stats: FakeMailerLiteStats = { counted: 0, windows: 0, limitedWindows: 0, limited: 0, importLimited: 0, imports: 0 };
  let windowLimited = false;
  const requests = fixedWindow(settings.perWindow, settings.windowMs, now, () => {
    stats.windows += 1;
    windowLimited = false;
  });
  const limitedHere = () => {
    if (!windowLimited) stats.limitedWindows += 1;
    windowLimited = true;
  };
  const imports = fixedWindow(settings.importsPerWindow, settings.windowMs, now);
  const account: FakeAccount = { customHtmlAllowed, verifiedSenders, timeZone: accountTimeZone };
  const subscriberRoute = fakeMailerLiteRoutes({ subscribers, groups });
  const campaignsApi = fakeMailerLiteCampaigns({ subscribers, groups, account, now });
  const route = (method: string, path: string, body: unknown) => campaignsApi.route(method, path, body) ?? subscriberRoute(method, path, body);

  function batch(body: unknown, outer: number, authorization: string | undefined): FakeAnswer {
    const list = (body as { requests?: unknown } | undefined)?.requests;
    const invalid = (message: string): FakeAnswer => ({ status: 422, body: { message: "The given data was invalid.", errors: { requests: [message] } } });
    if (!Array.isArray(list) || list.length === 0) return invalid("The requests field is required.");
    if (list.length > BATCH_MAX) return invalid(`The requests may not have more than ${BATCH_MAX} items.`);
    const items = list as Array<{ method?: unknown; path?: unknown; body?: unknown }>;
    if (items.some((item) => typeof item.method !== "string" || typeof item.path !== "string" || !item.path.startsWith("api/"))) {
      return invalid("Each request needs a method and a path starting with api/.");
    }
    const onlyUpserts = items.every((item) => item.method === "POST" && (item.path as string).split("?")[0] === "api/subscribers");
    if (onlyUpserts) {
      const gate = imports.take();
      if (!gate.allowed) {
        stats.importLimited += 1;
        limitedHere();
        return { status: 429, body: { message: "You're being rate limited on import creation." }, headers: { "Retry-After": String(gate.retryAfterSeconds) } };
      }
      stats.imports += 1;
    }
    const responses = items.map((item) => {
      const path = `/${(item.path as string).slice("api/".length)}`;
      const answer = route(item.method as string, path, item.body);
      if (recordCalls) calls.push({ method: item.method as string, path, body: item.body, authorization, contentType: "application/json", status: answer.status, inBatch: outer });
      return { code: answer.status, body: answer.body ?? null };
    });
    const successful = responses.filter((entry) => entry.code < 300).length;
    return { status: 200, body: { total: responses.length, successful, failed: responses.length - successful, responses } };
  }

  function answer(method: string, path: string, body: unknown, authorization: string | undefined, index: number): FakeAnswer {
    if (authorization !== `Bearer ${apiKey}`) return { status: 401, body: { message: "Unauthenticated." } };
    const gate = requests.take();
    const headers: Record<string, string> = { "X-RateLimit-Limit": String(settings.perWindow), "X-RateLimit-Remaining": String(gate.remaining) };
    if (!gate.allowed) {
      stats.limited += 1;
      limitedHere();
      return {
        status: 429,
        body: { message: "Too Many Attempts." },
        headers: { ...headers, "Retry-After": String(gate.retryAfterSeconds), "X-RateLimit-Reset": String(Math.ceil(gate.resetAt / 1000)) },
      };
    }
    stats.counted += 1;
    const reply = method === "POST" && path.split("?")[0] === "/batch" ? batch(body, index, authorization) : route(method, path, body);
    return { ...reply, headers: { ...headers, ...reply.headers } };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      campaignsApi.deliverDue();
      const method = request.method ?? "GET";
      const url = request.url ?? "/";
      const path = url.replace(/^\/api(?=\/|$)/, "");
      const scripted = script.findIndex(({ match }) => (!match.method || match.method === method) && (!match.path || path.split("?")[0] === match.path));
      const index = calls.length;
      const call: RecordedCall = { method, path, body, authorization: request.headers.authorization, contentType: request.headers["content-type"], status: 0 };
      if (recordCalls) calls.push(call);
      const reply = scripted >= 0 ? script.splice(scripted, 1)[0]!.answer : url.startsWith("/api/") ? answer(method, path, body, request.headers.authorization, index) : { status: 404, body: { message: "Not Found" } };
      call.status = reply.status;
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
        response.end(reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    apiKey,
    calls,
    subscribers,
    groups,
    campaigns: campaignsApi.campaigns,
    account,
    limits: settings,
    stats,
    now,
    advance(ms) {
      advanced += ms;
      campaignsApi.deliverDue();
    },
    deliverDue: campaignsApi.deliverDue,
    recordCampaignEvents(id, events) {
      const campaign = campaignsApi.campaigns.get(id);
      if (campaign?.status !== "sent") throw new Error(`Campaign ${id} has not been sent.`);
      const keys: Record<keyof typeof events, keyof FakeCampaignStats> = { hardBounces: "hard_bounces_count", softBounces: "soft_bounces_count", unsubscribes: "unsubscribes_count", spamComplaints: "spam_count" };
      for (const [event, count] of Object.entries(events) as Array<[keyof typeof events, number]>) campaign.stats[keys[event]] += count;
    },
    failNext(answers, match = {}) {
      for (const one of answers) script.push({ answer: one, match });
    },
    succeeded(method, path) {
      return calls.filter((call) => call.method === method && call.path.split("?")[0] === path && call.status >= 200 && call.status < 300);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
