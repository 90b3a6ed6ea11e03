import type { PageCacheRule, PageChange } from "./page-cache-rules";

/**
 * The shape of a route's policy: who may read it, who may write to it, and what its answers say and
 * change. The policies themselves, one per route, are declared in the route table (app/route-table.ts),
 * which also explains each kind; the browser uses this file only to read a refused form's answer.
 */
export type Policy = "public" | "accounts" | "signedIn" | "admin" | "page" | "signed";

const REFUSAL_REASONS = ["unavailable", "signedOut", "denied", "verify"] as const;

/** Why a request was refused, as the admin pages and their forms show it. */
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The reason in an admin form's answer when its policy refused the post (`{ refused }`), else null. */
export function refusalIn(answer: unknown): RefusalReason | null {
  const reason = (answer as { refused?: unknown } | null | undefined)?.refused;
  return REFUSAL_REASONS.find((known) => known === reason) ?? null;
}

/** What a refused request was told, by reason, kept with its security event. */
export type RefusalMessages = Partial<Record<RefusalReason, string>>;

export interface RoutePolicy {
  read: Policy;
  write?: Policy;
  /** The words kept with the security event of a refused read or write. */
  messages?: { read?: RefusalMessages; write?: RefusalMessages };
  /**
   * For a file route (no page): the `dashboard` strings of its refusal, `<key>.<reason>.title` and
   * `.text`, sent as plain text; without it a refusal has an empty body.
   */
  refusalText?: string;
  /** Whether and how the anonymous page cache keeps the route's answers (without it, never). */
  cache?: PageCacheRule;
  /**
   * For a public page kept for nobody, why: a page must be in the list of public pages (`cache`) or say
   * why it is each visitor's own, or the server does not start (a page forgotten there would be rendered
   * for every reader, with nothing to say so).
   */
  personal?: string;
  /**
   * What a successful write changes for readers: once the action has answered 2xx or 3xx to a visitor its
   * policy let through, the cached pages those changes touch are forgotten, here and in every process.
   * A module that changes readers' pages elsewhere (the article editor, scheduled publishing) names its
   * changes itself.
   */
  changes?: readonly PageChange[];
}
