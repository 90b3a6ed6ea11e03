import type { FakeAnswer, FakeSubscriber } from "./fake-mailerlite-routes";

/**
 * The stand-in's campaigns (developers.mailerlite.com/docs/campaigns.html), one request at a time: POST
 * /campaigns, GET /campaigns and /campaigns/{id}, POST /campaigns/{id}/schedule and /cancel, DELETE
 * /campaigns/{id}. Only regular campaigns with instant or scheduled delivery are modelled; anything else
 * is refused with a 422 that says so, so a test never passes on a shape the stand-in does not know.
 *
 * States: draft → ready (scheduled) → sent; cancel takes a ready campaign back to draft (400 otherwise,
 * as documented). "Sending" happens on the stand-in's clock: deliverDue() sends every ready campaign
 * whose time has come, counting the active subscribers of its groups then; an instant campaign is sent
 * before its schedule request is answered, as the documented answer shows it "sent".
 */

export interface FakeAccount {
  /** The Advanced plan's custom HTML: when false, a campaign with emails[0].content is refused with a 422. */
  customHtmlAllowed: boolean;
  /** The account's zone, in which a schedule without timezone_id is read. */
  timeZone: string;
  /** Sender addresses verified in the account; null accepts any valid address. */
  verifiedSenders: string[] | null;
}

export interface FakeCampaignStats {
  sent: number;
  unsubscribes_count: number;
  spam_count: number;
  hard_bounces_count: number;
  soft_bounces_count: number;
}

export interface FakeCampaign {
  id: string;
  name: string;
  status: "draft" | "ready" | "sent";
  groups: string[];
  email: { subject: string; from_name: string; from: string; reply_to: string | null; content: string | null };
  language_id: number | null;
  delivery_schedule: "instant" | "scheduled" | null;
  /** When it goes (ms since the epoch), while ready. */
  scheduledAt: number | null;
  createdAt: number;
  finishedAt: number | null;
  stats: FakeCampaignStats;
}

/** MailerLite's timezone ids the stand-in knows (GET /timezones gives the real list). */
export const FAKE_TIMEZONES: Record<number, string> = { 1: "UTC", 2: "Europe/Lisbon", 3: "America/New_York" };
const MISSING_SETTINGS: FakeAnswer = { status: 422, body: "Campaign settings missing" };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "yyyy-MM-dd HH:mm:ss" in UTC, as the stand-in writes dates. */
const dateTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 19).replace("T", " "));

/** The instant a wall-clock time in `timeZone` names. */
export function zonedInstant(date: string, hours: number, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
        .formatToParts(at)
        .map((part) => [part.type, Number(part.value)]),
    );
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - at;
  };
  const first = asUtc - offset(asUtc);
  return asUtc - offset(first);
}

export function fakeMailerLiteCampaigns({ subscribers, groups, account, now }: { subscribers: Map<string, FakeSubscriber>; groups: Array<{ id: string; name: string }>; account: FakeAccount; now: () => number }) {
  const campaigns = new Map<string, FakeCampaign>();
  let nextId = 70_000_000_000_001;
  const invalid = (errors: Record<string, string>): FakeAnswer => ({ status: 422, body: { message: Object.values(errors)[0], errors: Object.fromEntries(Object.entries(errors).map(([key, text]) => [key, [text]])) } });
  const notFound: FakeAnswer = { status: 404, body: { message: "Resource not found." } };
  const missingData = (campaign: FakeCampaign) => [...(campaign.email.content ? [] : ["content"]), ...(campaign.groups.length ? [] : ["recipients"])];

  const view = (campaign: FakeCampaign) => {
    const stats = { ...campaign.stats, opens_count: 0, unique_opens_count: 0, clicks_count: 0, unique_clicks_count: 0, forwards_count: 0 };
    const email = { id: `${campaign.id}1`, emailable_id: campaign.id, emailable_type: "campaigns", type: "builder", ...campaign.email, content: undefined, plain_text: null, stats };
    const filter = [[{ operator: "in_any", args: ["groups", campaign.groups] }]];
    const ready = campaign.status === "ready";
    return {
      id: campaign.id, name: campaign.name, type: "regular", status: campaign.status, missing_data: missingData(campaign), filter,
      delivery_schedule: campaign.delivery_schedule, language_id: campaign.language_id === null ? null : String(campaign.language_id),
      created_at: dateTime(campaign.createdAt), scheduled_for: dateTime(campaign.scheduledAt ?? (campaign.status === "sent" ? campaign.finishedAt : null)),
      finished_at: dateTime(campaign.finishedAt), emails: [email], stats, can_be_scheduled: campaign.status === "draft" && missingData(campaign).length === 0,
      is_currently_sending_out: ready && campaign.scheduledAt !== null && campaign.scheduledAt <= now(),
    };
  };

  /** Sends every ready campaign whose time has come, to the active subscribers of its groups; returns how many went. */
  function deliverDue(): number {
    let sent = 0;
    for (const campaign of campaigns.values()) {
      if (campaign.status !== "ready" || campaign.scheduledAt === null || campaign.scheduledAt > now()) continue;
      const recipients = [...subscribers.values()].filter((subscriber) => subscriber.status === "active" && subscriber.groups.some((id) => campaign.groups.includes(id)));
      Object.assign(campaign, { status: "sent", finishedAt: now(), scheduledAt: null });
      campaign.stats.sent = recipients.length;
      sent += 1;
    }
    return sent;
  }

  function create(input: Record<string, unknown>): FakeAnswer {
    const emails = input.emails as Array<Record<string, unknown>> | undefined;
    const email = Array.isArray(emails) ? emails[0] : undefined;
    const text = (value: unknown) => typeof value === "string" && value.trim() !== "";
    if (!text(input.name)) return invalid({ name: "The name field is required." });
    if ((input.name as string).length > 255) return invalid({ name: "The name may not be greater than 255 characters." });
    if (input.type !== "regular") return invalid({ type: input.type === undefined ? "The type field is required." : "The stand-in models regular campaigns only." });
    if (!Array.isArray(emails) || emails.length !== 1 || !email || typeof email !== "object") return invalid({ emails: "The emails must contain 1 item." });
    for (const field of ["subject", "from_name", "from"]) {
      if (!text(email[field])) return invalid({ [`emails.0.${field}`]: `The emails.0.${field} field is required.` });
      if ((email[field] as string).length > 255) return invalid({ [`emails.0.${field}`]: `The emails.0.${field} may not be greater than 255 characters.` });
    }
    const from = email.from as string;
    if (!EMAIL.test(from)) return invalid({ "emails.0.from": "The emails.0.from must be a valid email address." });
    if (account.verifiedSenders && !account.verifiedSenders.some((sender) => sender.toLowerCase() === from.toLowerCase())) return invalid({ "emails.0.from": "The emails.0.from must be a sender verified on MailerLite." });
    if (email.reply_to !== undefined && (typeof email.reply_to !== "string" || !EMAIL.test(email.reply_to))) return invalid({ "emails.0.reply_to": "The emails.0.reply_to must be a valid email address." });
    if (email.content !== undefined) {
      if (typeof email.content !== "string" || !/<[a-z!]/i.test(email.content)) return invalid({ "emails.0.content": "The emails.0.content must be valid HTML." });
      // Not the API's own words (the docs give none): the docs say only that the account must be on the Advanced plan.
      if (!account.customHtmlAllowed) return invalid({ "emails.0.content": "Custom HTML content is only available on the Advanced plan." });
    }
    if (input.segments !== undefined) return invalid({ segments: "The stand-in does not model segments." });
    const groupIds = input.groups ?? [];
    if (!Array.isArray(groupIds) || groupIds.some((id) => !groups.some((group) => group.id === String(id)))) return invalid({ groups: "The selected groups are invalid." });
    if (input.language_id !== undefined && !Number.isInteger(input.language_id)) return invalid({ language_id: "The selected language id is invalid." });
    const campaign: FakeCampaign = {
      id: String(nextId++), name: input.name as string, status: "draft", groups: groupIds.map(String),
      email: { subject: email.subject as string, from_name: email.from_name as string, from, reply_to: (email.reply_to as string | undefined) ?? null, content: (email.content as string | undefined) ?? null },
      language_id: (input.language_id as number | undefined) ?? null, delivery_schedule: null, scheduledAt: null, createdAt: now(), finishedAt: null,
      stats: { sent: 0, unsubscribes_count: 0, spam_count: 0, hard_bounces_count: 0, soft_bounces_count: 0 },
    };
    campaigns.set(campaign.id, campaign);
    // The docs answer a created campaign with 200, not 201.
    return { status: 200, body: { data: view(campaign) } };
  }

  function schedule(campaign: FakeCampaign, input: Record<string, unknown>): FakeAnswer {
    if (campaign.status !== "draft") return { status: 422, body: { message: "Campaign is not with status draft" } };
    if (missingData(campaign).length > 0) return MISSING_SETTINGS;
    if (input.delivery === "instant") {
      Object.assign(campaign, { status: "ready", delivery_schedule: "instant", scheduledAt: now() });
      deliverDue();
      return { status: 200, body: { data: view(campaign) } };
    }
    if (input.delivery !== "scheduled") return invalid({ delivery: input.delivery === undefined ? "The delivery field is required." : "The stand-in models instant and scheduled delivery only." });
    const when = (input.schedule ?? {}) as { date?: unknown; hours?: unknown; minutes?: unknown; timezone_id?: unknown };
    if (typeof when.date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(when.date) || Number.isNaN(Date.parse(when.date))) return invalid({ "schedule.date": "The schedule.date is not a valid date." });
    if (typeof when.hours !== "string" || !/^([01]\d|2[0-3])$/.test(when.hours)) return invalid({ "schedule.hours": "The schedule.hours does not match the format H." });
    if (typeof when.minutes !== "string" || !/^[0-5]\d$/.test(when.minutes)) return invalid({ "schedule.minutes": "The schedule.minutes does not match the format i." });
    const zone = when.timezone_id === undefined ? account.timeZone : FAKE_TIMEZONES[Number(when.timezone_id)];
    if (!zone) return invalid({ "schedule.timezone_id": "The selected schedule.timezone_id is invalid." });
    const at = zonedInstant(when.date, Number(when.hours), Number(when.minutes), zone);
    if (at <= now()) return invalid({ "schedule.date": "The schedule must be a date in the future." });
    Object.assign(campaign, { status: "ready", delivery_schedule: "scheduled", scheduledAt: at });
    return { status: 200, body: { data: view(campaign) } };
  }

  function route(method: string, path: string, body: unknown): FakeAnswer | undefined {
    const url = new URL(path, "http://fake");
    const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    if (url.pathname === "/campaigns") {
      if (method === "POST") return create(input);
      if (method !== "GET") return undefined;
      // The list defaults to ready campaigns.
      const status = url.searchParams.get("filter[status]") ?? "ready";
      const data = [...campaigns.values()].filter((campaign) => campaign.status === status).map(view);
      return { status: 200, body: { data, meta: { current_page: 1, last_page: 1, total: data.length } } };
    }
    const match = /^\/campaigns\/([^/]+)(\/schedule|\/cancel)?$/.exec(url.pathname);
    if (!match) return undefined;
    const campaign = campaigns.get(decodeURIComponent(match[1]!));
    if (!campaign) return notFound;
    const action = `${method} ${match[2] ?? ""}`;
    if (action === "GET ") return { status: 200, body: { data: view(campaign) } };
    if (action === "DELETE ") return campaigns.delete(campaign.id) ? { status: 204 } : notFound;
    if (action === "POST /schedule") return schedule(campaign, input);
    if (action === "POST /cancel") {
      if (campaign.status !== "ready") return { status: 400, body: { message: "The campaign is not in a ready state." } };
      Object.assign(campaign, { status: "draft", delivery_schedule: null, scheduledAt: null });
      return { status: 200, body: { data: view(campaign) } };
    }
    return undefined;
  }

  return { campaigns, route, deliverDue };
}
