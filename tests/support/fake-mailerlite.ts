import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that speaks the mailing provider's contract (MailerLite's "connect"
 * API): bearer auth, POST /subscribers as an upsert keyed by email, PUT /subscribers/{id or email},
 * GET /groups with pages. It records every call, and answers can be scripted: "the next two POSTs
 * answer 503, then one 429 with Retry-After: 1".
 */

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to test time-outs). */
  delayMs?: number;
}

export interface RecordedCall {
  method: string;
  /** Path below the API base, with the query: "/subscribers", "/groups?limit=100&page=1". */
  path: string;
  body: unknown;
  authorization: string | undefined;
  contentType: string | undefined;
  status: number;
}

export interface FakeSubscriber {
  id: string;
  email: string;
  fields: Record<string, string>;
  groups: string[];
  status: string;
}

export interface FakeMailerLite {
  /** The API base to put in MAILERLITE_BASE_URL. */
  url: string;
  apiKey: string;
  calls: RecordedCall[];
  /** By lower-cased email. */
  subscribers: Map<string, FakeSubscriber>;
  groups: Array<{ id: string; name: string }>;
  /** The next requests matching `match` get these answers, in order, instead of the real one. */
  failNext(answers: FakeAnswer[], match?: { method?: string; path?: string }): void;
  /** Calls of one method and path (query ignored) that were answered 2xx. */
  succeeded(method: string, path: string): RecordedCall[];
  close(): Promise<void>;
}

const STATUSES = ["active", "unsubscribed", "unconfirmed", "bounced", "junk"];
export const DEFAULT_GROUPS = ["newsletter-subscribers", "complete-profile", "blog-readers", "general-subscribers"];

export async function startFakeMailerLite({ apiKey = "fake-key-0123456789", groupNames = DEFAULT_GROUPS }: { apiKey?: string; groupNames?: string[] } = {}): Promise<FakeMailerLite> {
  const calls: RecordedCall[] = [];
  const subscribers = new Map<string, FakeSubscriber>();
  const groups = groupNames.map((name, index) => ({ id: String(9_000_000_000 + index), name }));
  const script: Array<{ answer: FakeAnswer; match: { method?: string; path?: string } }> = [];
  let nextId = 100_000_000_000_001;

  const view = (subscriber: FakeSubscriber) => ({
    ...subscriber,
    groups: subscriber.groups.map((id) => groups.find((group) => group.id === id)),
  });

  function answer(method: string, path: string, body: unknown, authorization: string | undefined): FakeAnswer {
    if (authorization !== `Bearer ${apiKey}`) return { status: 401, body: { message: "Unauthenticated." } };
    const url = new URL(path, "http://fake");
    const input = (body ?? {}) as { email?: unknown; fields?: Record<string, string>; groups?: unknown; status?: unknown };
    const invalid = (field: string, message: string): FakeAnswer => ({ status: 422, body: { message, errors: { [field]: [message] } } });
    const checkChange = (): FakeAnswer | undefined => {
      if (input.groups !== undefined && (!Array.isArray(input.groups) || input.groups.some((id) => !groups.some((group) => group.id === id)))) return invalid("groups", "The selected groups are invalid.");
      if (input.status !== undefined && !STATUSES.includes(String(input.status))) return invalid("status", "The selected status is invalid.");
      return undefined;
    };
    const apply = (subscriber: FakeSubscriber) => {
      Object.assign(subscriber.fields, input.fields ?? {});
      for (const id of (input.groups as string[] | undefined) ?? []) if (!subscriber.groups.includes(id)) subscriber.groups.push(id);
      if (input.status !== undefined) subscriber.status = String(input.status);
    };

    if (method === "GET" && url.pathname === "/groups") {
      const limit = Number(url.searchParams.get("limit") ?? 25);
      const page = Number(url.searchParams.get("page") ?? 1);
      const data = groups.slice((page - 1) * limit, page * limit);
      return { status: 200, body: { data, meta: { current_page: page, last_page: Math.max(1, Math.ceil(groups.length / limit)), total: groups.length } } };
    }
    if (method === "POST" && url.pathname === "/subscribers") {
      if (typeof input.email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(input.email)) return invalid("email", "The email must be a valid email address.");
      const problem = checkChange();
      if (problem) return problem;
      const email = input.email.toLowerCase();
      const existing = subscribers.get(email);
      const subscriber = existing ?? { id: String(nextId++), email, fields: {}, groups: [], status: "active" };
      apply(subscriber);
      subscribers.set(email, subscriber);
      return { status: existing ? 200 : 201, body: { data: view(subscriber) } };
    }
    const match = /^\/subscribers\/([^/]+)$/.exec(url.pathname);
    if (method === "PUT" && match) {
      const key = decodeURIComponent(match[1]!).toLowerCase();
      const subscriber = [...subscribers.values()].find((entry) => entry.id === key || entry.email === key);
      if (!subscriber) return { status: 404, body: { message: "Resource not found." } };
      const problem = checkChange();
      if (problem) return problem;
      apply(subscriber);
      return { status: 200, body: { data: view(subscriber) } };
    }
    return { status: 404, body: { message: "Resource not found." } };
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
      const method = request.method ?? "GET";
      const path = (request.url ?? "/").replace(/^\/api/, "");
      const scripted = script.findIndex(({ match }) => (!match.method || match.method === method) && (!match.path || path.split("?")[0] === match.path));
      const reply = scripted >= 0 ? script.splice(scripted, 1)[0]!.answer : answer(method, path, body, request.headers.authorization);
      calls.push({ method, path, body, authorization: request.headers.authorization, contentType: request.headers["content-type"], status: reply.status });
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
