/** The bodies MailerLite's subscriber endpoints take, for a request alone or inside POST /batch. */

export type ProviderStatus = "active" | "unsubscribed";

export interface ProviderSubscriber {
  email: string;
  name?: string | null;
  lastName?: string | null;
  /** Group ids (see listGroups). */
  groups?: string[];
  status?: ProviderStatus;
  /** When the subscriber confirmed by the site's double opt-in (ISO 8601); sent as opted_in_at. */
  optedInAt?: string | null;
}

export type ProviderSubscriberChange = Omit<ProviderSubscriber, "email">;

/** One request; `path` is below the API base ("subscribers", "subscribers/123"). */
export interface ProviderRequest {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: Record<string, unknown>;
}

/** The most requests POST /batch takes at once. */
export const BATCH_MAX = 50;

/** MailerLite's dates: "yyyy-MM-dd HH:mm:ss", in UTC. */
export function providerDateTime(iso: string): string | undefined {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().slice(0, 19).replace("T", " ");
}

export function requestBody(change: ProviderSubscriberChange): Record<string, unknown> {
  const fields: Record<string, string> = {};
  if (change.name) fields.name = change.name;
  if (change.lastName) fields.last_name = change.lastName;
  const optedInAt = change.optedInAt ? providerDateTime(change.optedInAt) : undefined;
  return {
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(change.groups && change.groups.length > 0 ? { groups: change.groups } : {}),
    ...(change.status ? { status: change.status } : {}),
    ...(optedInAt ? { opted_in_at: optedInAt } : {}),
  };
}

export const providerRequests = {
  /** POST /subscribers: adds, or updates the subscriber with this address. */
  upsert: (subscriber: ProviderSubscriber): ProviderRequest => ({ method: "POST", path: "subscribers", body: { email: subscriber.email, ...requestBody(subscriber) } }),
  /** PUT /subscribers/{id}. */
  update: (id: string, change: ProviderSubscriberChange): ProviderRequest => ({ method: "PUT", path: `subscribers/${encodeURIComponent(id)}`, body: requestBody(change) }),
};

/** A batch made only of upserts counts as an import at MailerLite (5 a minute). */
export const isImport = (requests: readonly ProviderRequest[]) => requests.length > 1 && requests.every((request) => request.method === "POST" && request.path === "subscribers");
