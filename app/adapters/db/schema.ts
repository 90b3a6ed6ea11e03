import type { Generated } from "kysely";
import type { AccountTable, SessionTable, TwoFactorTable, UserTable, VerificationTable } from "./schema-accounts";
import type {
  ArticleRevisionsTable,
  ArticleSlugRedirectsTable,
  ArticlesTable,
  ArticleTranslationsTable,
  EpisodeListenDaysTable,
  EpisodeListensTable,
  EpisodesTable,
  EpisodeTranslationsTable,
} from "./schema-content";

export type * from "./schema-content";

/**
 * Table types for Kysely, one interface a table: the app's own here, articles' and episodes' in
 * schema-content.ts, better-auth's in schema-accounts.ts;
 * `Database` names them all. Both files are read as text by tests/integration/schema-types.test.ts and
 * compared there with the migrated tables of both dialects.
 * Conventions, identical on SQLite and PostgreSQL so one query works on both: timestamps are
 * ISO-8601 UTC text, booleans are integers 0/1, ids are text UUIDs unless noted.
 */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Per area of pages, a counter bumped by every change a reader would see there (the page caches poll it). */
export interface PageVersionsTable {
  area: string;
  version: number;
  changed_at: string;
}

export interface CommentsTable {
  id: string;
  page: string;
  name: string;
  body: string;
  language: string;
  status: "pending" | "approved" | "rejected";
  created_at: string;
  moderated_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface ProductsTable {
  id: string;
  slug: string;
  kind: "book" | "merch";
  category: string;
  price_cents: number;
  old_price_cents: number | null;
  coming_soon: number;
  sort: number;
  created_at: string;
}

export interface ProductTranslationsTable {
  product_id: string;
  language: string;
  title: string;
  description: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  language: string;
  /** "new" until the owner marks it handled in the admin area. */
  status: "new" | "handled";
  created_at: string;
  mailed_at: string | null;
}

export type Severity = "low" | "medium" | "high" | "critical";

export interface AuditLogTable {
  id: string;
  user_id: string | null;
  action: string;
  resource: string;
  /** JSON, with secrets and addresses redacted. */
  details: string;
  ip_address: string | null;
  user_agent: string | null;
  session_id: string | null;
  timestamp: string;
}

export interface SecurityEventsTable {
  id: string;
  event_type: string;
  user_id: string | null;
  details: string;
  severity: Severity;
  ip_address: string | null;
  user_agent: string | null;
  /** When the event (the first of a counted row) happened. */
  timestamp: string;
  /** How many events the row stands for; repeats from one source within a window add to it. */
  count: Generated<number>;
  /** The latest event folded into the row; null on rows written before counting existed. */
  last_seen_at: string | null;
  /** Kind, source and window of a counted row (unique); null on a single event. */
  fold_key: string | null;
}

export interface AdminSetupTokensTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One session's admin mode: verified, role re-checked and last used (ISO times). */
export interface AdminModesTable {
  session_id: string;
  user_id: string;
  verified_at: string;
  checked_at: string;
  active_at: string;
}

/** A newsletter subscriber, email normalised; is_verified is 0 or 1. */
export interface SubscribersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  message: string | null;
  /** JSON array of strings. */
  interests: string;
  source: string;
  language: string;
  unsubscribe_token: string;
  confirm_token_hash: string | null;
  /** When the confirmation link last mailed stops working; optional for writers that mail none. */
  confirm_token_expires_at?: string | null;
  /** What became of the latest confirmation mail: "queued", "sent" or "failed"; optional for writers that queue none. */
  confirmation_mail?: "queued" | "sent" | "retrying" | "failed" | null;
  /** The mail server's reason when it failed. */
  confirmation_mail_error?: string | null;
  confirmation_mail_at?: string | null;
  is_verified: number;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  provider_id: string | null;
  /**
   * The names folded for the admin's search (searchKey in modules/newsletter/subscriber-search.ts).
   * Optional for writers that set no name; subscribe() writes them with the names. Every writer of a
   * name must write its key: the search's trigram index (migration 0029) reads the keys, not the names.
   */
  first_name_key?: string | null;
  last_name_key?: string | null;
  /** Why no more newsletter mail goes to this address ("hard-bounce", "soft-bounces", "complaint"), until the owner clears it. */
  mail_stopped_reason?: string | null;
  mail_stopped_at?: string | null;
  /** The mail server's words, or the report's, that stopped it. */
  mail_stopped_detail?: string | null;
  /** Soft bounces since the last mail delivered. */
  soft_bounces?: number;
}

/** An article or an episode sent as a newsletter issue (migration 0030). */
export interface NewsletterIssuesTable {
  id: string;
  source_kind: "article" | "episode";
  source_id: string;
  status: "draft" | "scheduled" | "sending" | "sent" | "cancelled" | "failed";
  delivery: "smtp" | "mailerlite";
  /** JSON: IssueContent (modules/newsletter/issues/issue-content.ts). */
  content: string;
  /** JSON: IssueAudience. */
  audience: string;
  send_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  provider_state: string | null;
}

/** Clicks on one link of one issue, through the site's redirect (migration 0031). */
export interface NewsletterLinkClicksTable {
  issue_id: string;
  link: string;
  clicks: number;
}

/** One subscriber's mail of one issue. */
export interface NewsletterDeliveriesTable {
  issue_id: string;
  subscriber_id: string;
  language: string;
  status: "queued" | "sent" | "deferred" | "failed" | "bounced" | "skipped";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
}

/** Work to do after a commit (mails, provider calls), retried with backoff until done. */
export interface OutboxTable {
  id: string;
  topic: string;
  /** JSON. */
  payload: string;
  attempts: number;
  run_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
  /** How a finished row ended: "done", "gave_up" or "refused"; null while it waits (and for rows finished before migration 0017). */
  outcome: string | null;
}

export interface ShopBookTable {
  id: string;
  title: string;
  author: string;
  description: string;
  is_published: number;
  pdf_key: string;
  pdf_size: number;
  pdf_name: string;
  cover_key: string | null;
  updated_at: string;
}

export interface ShopVideoTable {
  id: string;
  video_key: string;
  video_type: string;
  video_size: number;
  video_name: string;
  is_published: number;
  updated_at: string;
}


export interface Database {
  settings: SettingsTable;
  page_versions: PageVersionsTable;
  articles: ArticlesTable;
  article_translations: ArticleTranslationsTable;
  article_slug_redirects: ArticleSlugRedirectsTable;
  article_revisions: ArticleRevisionsTable;
  comments: CommentsTable;
  rate_limits: RateLimitsTable;
  products: ProductsTable;
  product_translations: ProductTranslationsTable;
  contact_messages: ContactMessagesTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  audit_log: AuditLogTable;
  security_events: SecurityEventsTable;
  admin_setup_tokens: AdminSetupTokensTable;
  admin_modes: AdminModesTable;
  subscribers: SubscribersTable;
  outbox: OutboxTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_link_clicks: NewsletterLinkClicksTable;
  episodes: EpisodesTable;
  episode_translations: EpisodeTranslationsTable;
  episode_listens: EpisodeListensTable;
  episode_listen_days: EpisodeListenDaysTable;
  shop_book: ShopBookTable;
  shop_video: ShopVideoTable;
}
