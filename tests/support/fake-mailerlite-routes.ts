/** The stand-in's documented endpoints, one request at a time (limits and batches are in fake-mailerlite.ts). */

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to test time-outs). */
  delayMs?: number;
}

export interface FakeSubscriber {
  id: string;
  email: string;
  fields: Record<string, string>;
  groups: string[];
  status: string;
  opted_in_at: string | null;
  optin_ip: string | null;
}

const STATUSES = ["active", "unsubscribed", "unconfirmed", "bounced", "junk"];
/** MailerLite's date fields: "yyyy-MM-dd HH:mm:ss". */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i;

type Input = { email?: unknown; fields?: Record<string, string>; groups?: unknown; status?: unknown; opted_in_at?: unknown; optin_ip?: unknown };

/** The most groups an account may have (the `limit` parameter of GET /groups, as the docs describe it). */
export const GROUPS_MAX = 1000;

export function fakeMailerLiteRoutes({ subscribers, groups }: { subscribers: Map<string, FakeSubscriber>; groups: Array<{ id: string; name: string }> }) {
  let nextId = 100_000_000_000_001;
  let nextGroupId = Math.max(9_000_000_000 + groups.length, ...groups.map((group) => Number(group.id) + 1).filter(Number.isFinite));
  const view = (subscriber: FakeSubscriber) => ({ ...subscriber, groups: subscriber.groups.map((id) => groups.find((group) => group.id === id)) });
  const invalid = (field: string, message: string): FakeAnswer => ({ status: 422, body: { message, errors: { [field]: [message] } } });
  const notFound: FakeAnswer = { status: 404, body: { message: "Resource not found." } };

  const checkChange = (input: Input): FakeAnswer | undefined => {
    if (input.groups !== undefined && (!Array.isArray(input.groups) || input.groups.some((id) => !groups.some((group) => group.id === id)))) return invalid("groups", "The selected groups are invalid.");
    if (input.status !== undefined && !STATUSES.includes(String(input.status))) return invalid("status", "The selected status is invalid.");
    if (input.opted_in_at !== undefined && (typeof input.opted_in_at !== "string" || !DATE_TIME.test(input.opted_in_at))) return invalid("opted_in_at", "The opted in at does not match the format Y-m-d H:i:s.");
    if (input.optin_ip !== undefined && (typeof input.optin_ip !== "string" || !IP.test(input.optin_ip))) return invalid("optin_ip", "The optin ip must be a valid IP address.");
    return undefined;
  };
  const apply = (subscriber: FakeSubscriber, input: Input) => {
    Object.assign(subscriber.fields, input.fields ?? {});
    for (const id of (input.groups as string[] | undefined) ?? []) if (!subscriber.groups.includes(id)) subscriber.groups.push(id);
    if (input.status !== undefined) subscriber.status = String(input.status);
    if (typeof input.opted_in_at === "string") subscriber.opted_in_at = input.opted_in_at;
    if (typeof input.optin_ip === "string") subscriber.optin_ip = input.optin_ip;
  };
  const byId = (id: string) => [...subscribers.values()].find((entry) => entry.id === id);

  return function route(method: string, path: string, body: unknown): FakeAnswer {
    const url = new URL(path, "http://fake");
    const input = (body ?? {}) as Input;
    if (method === "GET" && url.pathname === "/groups") {
      const limit = Number(url.searchParams.get("limit") ?? 25);
      const page = Number(url.searchParams.get("page") ?? 1);
      if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(page) || page < 1) return invalid("limit", "The limit and page must be positive integers.");
      // filter[name] returns partial matches.
      const named = (url.searchParams.get("filter[name]") ?? "").toLowerCase();
      const matching = named ? groups.filter((group) => group.name.toLowerCase().includes(named)) : groups;
      const data = matching.slice((page - 1) * limit, page * limit);
      const lastPage = Math.max(1, Math.ceil(matching.length / limit));
      const link = (to: number) => `https://connect.mailerlite.com/api/groups?page=${to}`;
      return { status: 200, body: { data, links: { next: page < lastPage ? link(page + 1) : null }, meta: { current_page: page, last_page: lastPage, per_page: limit, total: matching.length } } };
    }
    if (method === "POST" && url.pathname === "/groups") {
      const name = (body as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string" || name.trim() === "") return invalid("name", "The name field is required.");
      if (name.length > 255) return invalid("name", "The name may not be greater than 255 characters.");
      if (groups.length >= GROUPS_MAX) return invalid("name", `An account can have at most ${GROUPS_MAX} groups.`);
      const group = { id: String(nextGroupId++), name };
      groups.push(group);
      return { status: 201, body: { data: group } };
    }
    const membership = /^\/subscribers\/([^/]+)\/groups\/([^/]+)$/.exec(url.pathname);
    if (membership && method === "POST") {
      const subscriber = byId(decodeURIComponent(membership[1]!));
      const group = groups.find((entry) => entry.id === decodeURIComponent(membership[2]!));
      if (!subscriber || !group) return notFound;
      if (!subscriber.groups.includes(group.id)) subscriber.groups.push(group.id);
      return { status: 200, body: { data: group } };
    }
    const members = /^\/groups\/([^/]+)\/subscribers$/.exec(url.pathname);
    if (members && method === "GET") {
      const group = groups.find((entry) => entry.id === decodeURIComponent(members[1]!));
      if (!group) return notFound;
      const status = url.searchParams.get("filter[status]") ?? "active";
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const from = Number(url.searchParams.get("cursor") ?? 0);
      if (!STATUSES.includes(status)) return invalid("filter.status", "The selected filter.status is invalid.");
      if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(from) || from < 0) return invalid("limit", "The limit must be a positive integer.");
      const all = [...subscribers.values()].filter((entry) => entry.groups.includes(group.id) && entry.status === status);
      const next = from + limit < all.length ? String(from + limit) : null;
      return { status: 200, body: { data: all.slice(from, from + limit).map(view), links: { next: next && `https://connect.mailerlite.com/api/groups/${group.id}/subscribers?cursor=${next}` }, meta: { per_page: limit, next_cursor: next } } };
    }
    if (method === "POST" && url.pathname === "/subscribers") {
      if (typeof input.email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(input.email)) return invalid("email", "The email must be a valid email address.");
      const problem = checkChange(input);
      if (problem) return problem;
      const email = input.email.toLowerCase();
      const existing = subscribers.get(email);
      const subscriber = existing ?? { id: String(nextId++), email, fields: {}, groups: [], status: "active", opted_in_at: null, optin_ip: null };
      apply(subscriber, input);
      subscribers.set(email, subscriber);
      return { status: existing ? 200 : 201, body: { data: view(subscriber) } };
    }
    const match = /^\/subscribers\/([^/]+)$/.exec(url.pathname);
    if (match && method === "GET") {
      const key = decodeURIComponent(match[1]!).toLowerCase();
      const subscriber = byId(key) ?? subscribers.get(key);
      return subscriber ? { status: 200, body: { data: view(subscriber) } } : notFound;
    }
    // Updates are documented by id only.
    if (match && method === "PUT") {
      const subscriber = byId(decodeURIComponent(match[1]!));
      if (!subscriber) return notFound;
      const problem = checkChange(input);
      if (problem) return problem;
      apply(subscriber, input);
      return { status: 200, body: { data: view(subscriber) } };
    }
    return notFound;
  };
}
