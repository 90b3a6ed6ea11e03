import { createMailerLiteRequest, type HttpMethod, type MailerLiteOptions } from "./mailerlite-request.server";
import type { ProviderPace } from "./provider-pace";

/**
 * MailerLite's campaigns, through its "connect" API (developers.mailerlite.com/docs/campaigns.html and
 * groups.html): a group of subscribers, a regular campaign to it with the site's own HTML, sent now or
 * at a time, cancelled back to a draft, and its counts once sent. Requests, time-outs, the pace and the
 * errors for 401, 429, 5xx and no answer are those of the subscriber client (mailerlite-request.server.ts),
 * so the two clients can share one pace. Any other refusal (400, 403, 404, 422) is a
 * ProviderRejectedError carrying the API's own message.
 *
 * The API takes the HTML (`emails[0].content`) only from accounts on the Advanced plan: elsewhere the
 * create is refused with a 422, and that refusal is what createCampaign throws.
 */

export interface CampaignInput {
  /** The campaign's name in MailerLite's app (at most 255 characters). */
  name: string;
  subject: string;
  fromName: string;
  /** A sender address already verified in the MailerLite account. */
  from: string;
  /** The whole mail. MailerLite adds its own footer unless it holds an unsubscribe link and the account's name, address and country. */
  html: string;
  /** MailerLite group ids; the campaign goes to their active subscribers. At least one. */
  groupIds: string[];
  replyTo?: string;
  /** MailerLite's language id for its unsubscribe page; English when unset. */
  languageId?: number;
}

/** "draft", "ready" (scheduled or being sent) or "sent"; any other status the API names is passed on as it is. */
export type CampaignStatus = "draft" | "ready" | "sent" | (string & {});

export interface CampaignStats {
  sent: number;
  unsubscribes: number;
  hardBounces: number;
  softBounces: number;
  /** The API's spam_count: recipients who marked the mail as spam. */
  spamComplaints: number;
}

export interface ProviderCampaign {
  id: string;
  status: CampaignStatus;
  /** As MailerLite writes it ("yyyy-MM-dd HH:mm:ss"), or null; the docs do not name the zone it is written in. */
  scheduledFor: string | null;
  stats: CampaignStats;
}

export interface CampaignProvider {
  /** The id of the group with exactly this name (GET /groups?filter[name]=…, every page), created with POST /groups when there is none. */
  ensureGroup(name: string): Promise<string>;
  /** POST /subscribers/{id}/groups/{group_id}, by the provider's subscriber id. */
  addToGroup(subscriberProviderId: string, groupId: string): Promise<void>;
  /** POST /campaigns: a regular campaign, left as a draft. */
  createCampaign(input: CampaignInput): Promise<{ id: string }>;
  /**
   * POST /campaigns/{id}/schedule: "now" is MailerLite's instant delivery; a time is written as the
   * API takes it (date, hours, minutes) in the client's time zone, rounded up to the next whole minute.
   */
  scheduleCampaign(id: string, at: Date | "now"): Promise<ProviderCampaign>;
  /** POST /campaigns/{id}/cancel: a ready campaign back to a draft (the API refuses any other with a 400). */
  cancelCampaign(id: string): Promise<ProviderCampaign>;
  /** DELETE /campaigns/{id}. */
  deleteCampaign(id: string): Promise<void>;
  /** GET /campaigns/{id}. */
  getCampaign(id: string): Promise<ProviderCampaign>;
  pace: ProviderPace;
}

export interface CampaignProviderOptions extends MailerLiteOptions {
  /**
   * The IANA zone a scheduled time is written in; UTC when unset. Without `timezoneId` MailerLite reads
   * the time in the account's own zone, which must then be this one.
   */
  timeZone?: string;
  /** MailerLite's id of `timeZone` (GET /timezones), sent with every scheduled time. */
  timezoneId?: number;
}

/**
 * The provider answered and refused: a validation error (422, such as HTML on a plan without custom
 * HTML, or a time in the past), a campaign in the wrong state (400), or something that does not exist
 * (404). Not worth trying again as it is.
 */
export class ProviderRejectedError extends Error {
  override name = "ProviderRejectedError";

  /** Recognised by name, like MailingProviderError: the server and the app's build each hold a copy of this module. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "ProviderRejectedError";
  }

  constructor(
    readonly status: number,
    /** The API's `message` (or its answer when that is a bare string). */
    readonly apiMessage: string,
    /** The API's `errors`: the messages for each field it refused. */
    readonly fieldErrors: Record<string, string[]>,
  ) {
    // The message usually repeats the first field's error; each is said once.
    const fields = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(" ")}`);
    super(`MailerLite refused the request (${status}): ${[apiMessage, ...fields.filter((line) => !line.endsWith(apiMessage))].join("; ")}`);
  }
}

const GROUP_PAGES_MAX = 50;

export function createCampaignProvider({ timeZone = "UTC", timezoneId, ...options }: CampaignProviderOptions): CampaignProvider {
  const { pace, exchange, failure } = createMailerLiteRequest(options);

  async function call(method: HttpMethod, path: string, body?: unknown): Promise<unknown> {
    const reply = await exchange(method, path, body);
    if (reply.status < 300) return reply.body;
    // 408 is the provider's own fault (its docs: "contact support"), worth trying again like a 5xx.
    if (reply.status >= 400 && reply.status < 500 && reply.status !== 408) throw rejection(reply.status, reply.body, reply.text);
    throw failure(reply.status, reply.text);
  }
  const campaignPath = (id: string, action = "") => `campaigns/${encodeURIComponent(id)}${action}`;

  return {
    pace,
    async ensureGroup(name) {
      for (let page = 1; page <= GROUP_PAGES_MAX; page++) {
        const answer = (await call("GET", `groups?filter[name]=${encodeURIComponent(name)}&limit=100&page=${page}`)) as { data?: unknown; meta?: { last_page?: unknown } } | undefined;
        const data = Array.isArray(answer?.data) ? (answer.data as Array<{ id?: unknown; name?: unknown }>) : [];
        // The filter returns partial matches: only the same name is the group.
        const found = data.find((group) => group.name === name && idText(group.id) !== null);
        if (found) return idText(found.id)!;
        const lastPage = Number(answer?.meta?.last_page);
        if (data.length === 0 || !Number.isFinite(lastPage) || page >= lastPage) break;
      }
      return requiredId(await call("POST", "groups", { name }), "POST /groups");
    },
    async addToGroup(subscriberProviderId, groupId) {
      await call("POST", `subscribers/${encodeURIComponent(subscriberProviderId)}/groups/${encodeURIComponent(groupId)}`);
    },
    async createCampaign(input) {
      if (input.groupIds.length === 0) throw new RangeError("A campaign needs at least one group to go to.");
      const email = { subject: input.subject, from_name: input.fromName, from: input.from, content: input.html, ...(input.replyTo ? { reply_to: input.replyTo } : {}) };
      const body = { name: input.name, type: "regular", emails: [email], groups: input.groupIds, ...(input.languageId === undefined ? {} : { language_id: input.languageId }) };
      return { id: requiredId(await call("POST", "campaigns", body), "POST /campaigns") };
    },
    async scheduleCampaign(id, at) {
      const body = at === "now" ? { delivery: "instant" } : { delivery: "scheduled", schedule: { ...wallClock(at, timeZone), ...(timezoneId === undefined ? {} : { timezone_id: timezoneId }) } };
      return campaignOf(await call("POST", campaignPath(id, "/schedule"), body));
    },
    async cancelCampaign(id) {
      return campaignOf(await call("POST", campaignPath(id, "/cancel")));
    },
    async deleteCampaign(id) {
      await call("DELETE", campaignPath(id));
    },
    async getCampaign(id) {
      return campaignOf(await call("GET", campaignPath(id)));
    },
  };
}

/** A time as the schedule takes it: date "yyyy-MM-dd", hours "HH", minutes "mm", in `timeZone`, at the next whole minute. */
export function wallClock(at: Date, timeZone: string): { date: string; hours: string; minutes: string } {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(minute)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hours: parts.hour!, minutes: parts.minute! };
}

function rejection(status: number, body: unknown, text: string): ProviderRejectedError {
  if (typeof body === "string") return new ProviderRejectedError(status, body, {});
  const answer = body as { message?: unknown; errors?: unknown } | undefined;
  const errors: Record<string, string[]> = {};
  if (answer?.errors && typeof answer.errors === "object") {
    for (const [field, messages] of Object.entries(answer.errors as Record<string, unknown>)) {
      errors[field] = (Array.isArray(messages) ? messages : [messages]).map(String);
    }
  }
  const message = typeof answer?.message === "string" ? answer.message : text.slice(0, 200) || `HTTP ${status}`;
  return new ProviderRejectedError(status, message, errors);
}

const idText = (id: unknown) => (typeof id === "string" || typeof id === "number" ? String(id) : null);

function requiredId(answer: unknown, request: string): string {
  const id = idText((answer as { data?: { id?: unknown } } | undefined)?.data?.id);
  if (id === null) throw new Error(`MailerLite answered ${request} without an id.`);
  return id;
}

type CampaignAnswer = { id?: unknown; status?: unknown; scheduled_for?: unknown; stats?: Record<string, unknown>; emails?: Array<{ stats?: Record<string, unknown> }> };

/** The campaign in an answer `{ data }`. Its counts are the campaign's `stats`, or its one email's when the answer has none. */
function campaignOf(answer: unknown): ProviderCampaign {
  const data = (answer as { data?: CampaignAnswer } | undefined)?.data;
  const id = idText(data?.id);
  if (!data || id === null) throw new Error("MailerLite answered without a campaign.");
  const stats = data.stats ?? data.emails?.[0]?.stats ?? {};
  const count = (key: string) => (Number.isFinite(Number(stats[key])) ? Number(stats[key]) : 0);
  return {
    id,
    status: String(data.status ?? ""),
    scheduledFor: typeof data.scheduled_for === "string" ? data.scheduled_for : null,
    stats: { sent: count("sent"), unsubscribes: count("unsubscribes_count"), hardBounces: count("hard_bounces_count"), softBounces: count("soft_bounces_count"), spamComplaints: count("spam_count") },
  };
}
