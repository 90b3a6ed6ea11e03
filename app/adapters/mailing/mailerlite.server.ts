import type { AppConfig } from "~/lib/config.server";
import { createMailerLiteRequest, type MailerLiteOptions, type ProviderReply } from "./mailerlite-request.server";
import type { ProviderPace } from "./provider-pace";
import { requestBody, type ProviderRequest, type ProviderSubscriber, type ProviderSubscriberChange } from "./provider-requests";

export { MailingProviderError } from "./provider-error";
export type { ProviderPace } from "./provider-pace";
export type { MailerLiteOptions, ProviderReply } from "./mailerlite-request.server";
export { BATCH_MAX, providerRequests, type ProviderRequest, type ProviderStatus, type ProviderSubscriber, type ProviderSubscriberChange } from "./provider-requests";

/**
 * The mailing provider's REST API (MailerLite "connect" API): bearer auth, JSON, base URL from
 * MAILERLITE_BASE_URL. The key is sent only in the Authorization header of these requests: it is
 * never logged, never put in an error and never returned. Every answer's X-RateLimit-Remaining and
 * every 429's Retry-After are kept in `pace`, so callers can wait instead of asking again. The
 * request itself (time-out, errors, pace) is mailerlite-request.server.ts, shared with the
 * campaigns client.
 */

export interface ProviderGroup {
  id: string;
  name: string;
}

export interface MailingProvider {
  /** POST /subscribers: adds the subscriber, or updates the one with that email (the provider upserts). */
  upsertSubscriber(subscriber: ProviderSubscriber): Promise<{ id: string | null }>;
  /** PUT /subscribers/{id}: by the provider's id, the only key the API documents for updates. */
  updateSubscriber(id: string, change: ProviderSubscriberChange): Promise<{ id: string | null }>;
  /** GET /subscribers/{email}: the provider's id for an address, or null when it has none. */
  findSubscriberId(email: string): Promise<string | null>;
  /** GET /groups, every page. */
  listGroups(): Promise<ProviderGroup[]>;
  /**
   * One request alone, or 2 to 50 as one POST /batch; the answers in the same order. Throws a
   * MailingProviderError when the request as a whole failed (no answer, 401, 429, 5xx).
   */
  send(requests: ProviderRequest[]): Promise<ProviderReply[]>;
  /** What the provider's limits allow next, as its last answers said. */
  pace: ProviderPace;
}

const GROUP_PAGES_MAX = 50;

/** The mailing provider the settings name, or null when MAILERLITE_API_KEY is unset (the sync is then skipped). */
export function createMailingProvider(settings: AppConfig["mailerLite"], { now }: { now: () => Date }): MailingProvider | null {
  return settings.apiKey ? createMailerLiteClient({ apiKey: settings.apiKey, baseUrl: settings.baseUrl, now }) : null;
}

export function createMailerLiteClient(options: MailerLiteOptions): MailingProvider {
  const { pace, exchange, failure } = createMailerLiteRequest(options);

  /** A request whose every non-2xx answer is an error. */
  async function call(method: ProviderRequest["method"], path: string, body?: unknown): Promise<unknown> {
    const reply = await exchange(method, path, body);
    if (reply.status >= 300) throw failure(reply.status, reply.text);
    return reply.body;
  }

  return {
    pace,
    async upsertSubscriber(subscriber) {
      return { id: idOf(await call("POST", "subscribers", { email: subscriber.email, ...requestBody(subscriber) })) };
    },
    async updateSubscriber(id, change) {
      return { id: idOf(await call("PUT", `subscribers/${encodeURIComponent(id)}`, requestBody(change))) };
    },
    async findSubscriberId(email) {
      const reply = await exchange("GET", `subscribers/${encodeURIComponent(email)}`);
      if (reply.status === 404) return null;
      if (reply.status >= 300) throw failure(reply.status, reply.text);
      return idOf(reply.body);
    },
    async send(requests) {
      if (requests.length === 1) {
        const [one] = requests as [ProviderRequest];
        const { status, body } = await exchange(one.method, one.path, one.body);
        return [{ status, body }];
      }
      const reply = await exchange("POST", "batch", { requests: requests.map((request) => ({ ...request, path: `api/${request.path}` })) });
      const answers = (reply.body as { responses?: Array<{ code?: unknown; body?: unknown }> } | undefined)?.responses;
      if (reply.status >= 300 || !Array.isArray(answers) || answers.length !== requests.length) throw failure(reply.status, `the batch was not answered request by request: ${reply.text}`);
      return answers.map((answer) => ({ status: Number(answer.code), body: answer.body }));
    },
    async listGroups() {
      const groups: ProviderGroup[] = [];
      for (let page = 1; page <= GROUP_PAGES_MAX; page++) {
        const answer = (await call("GET", `groups?limit=100&page=${page}`)) as { data?: unknown; meta?: { last_page?: unknown } } | undefined;
        const data = Array.isArray(answer?.data) ? (answer.data as Array<{ id?: unknown; name?: unknown }>) : [];
        for (const group of data) {
          if ((typeof group.id === "string" || typeof group.id === "number") && typeof group.name === "string") {
            groups.push({ id: String(group.id), name: group.name });
          }
        }
        const lastPage = Number(answer?.meta?.last_page);
        if (data.length === 0 || !Number.isFinite(lastPage) || page >= lastPage) break;
      }
      return groups;
    },
  };
}

/** The subscriber's id in an answer `{ data: { id } }`. */
export function idOf(answer: unknown): string | null {
  const id = (answer as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}
