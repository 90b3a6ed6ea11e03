import type { Logger } from "pino";
import type { AuthLoader } from "./auth/auth.server";
import type { AppConfig } from "~/lib/config.server";
import type { Outbox } from "~/modules/outbox/outbox.server";
import type { Db, DialectName } from "./db/database.server";
import type { Mp3Encoder } from "./audio/mp3-encoder.server";
import type { PdfCoverRenderer } from "./documents/pdf-cover.server";
import type { PageCache } from "./pages/page-cache.server";
import type { PageChangeFeed } from "./pages/page-changes.server";
import type { Mailer } from "./mail/mailer.server";
import type { MailingProvider } from "./mailing/mailerlite.server";
import type { CampaignProvider } from "./mailing/mailerlite-campaigns.server";
import type { ObjectStorage } from "./storage/contract";
import type { SignedLinks } from "./storage/signed-links.server";
import type { StagedUploads } from "./uploads/staged-uploads.server";

/**
 * Everything a loader or action may use, built once at start by the server entry and handed to
 * React Router. Nothing in app/ opens a connection or reads the environment on its own.
 */
export interface AppServices {
  /** Accounts and sessions (better-auth), loaded at the first `auth.load()`: a reader of public pages never needs it. */
  auth: AuthLoader;
  config: AppConfig;
  db: Db;
  dialect: DialectName;
  logger: Logger;
  mailer: Mailer;
  /** The newsletter's own SMTP transport: pooled connections (NEWSLETTER_SMTP_CONNECTIONS), the same server and signature. */
  newsletterMailer: Mailer;
  /** The newsletter's mailing provider (MailerLite); null when MAILERLITE_API_KEY is unset. */
  mailingProvider: MailingProvider | null;
  /** MailerLite's campaigns, for issues it delivers; null when MAILERLITE_API_KEY is unset. */
  campaigns: CampaignProvider | null;
  /** Turns an uploaded WAV into the MP3 podcast apps take, in a worker thread. */
  mp3: Mp3Encoder;
  now: () => Date;
  /** Deferred work: written in the change's transaction, done by this process's worker once woken. */
  outbox: Outbox;
  /** Rendered public pages kept for anonymous visitors (null when PAGE_CACHE_MB=0); only the server reads it. */
  pageCache: PageCache | null;
  /** Tells every process's page cache that something readers see has changed. */
  pageChanges: PageChangeFeed;
  /** Draws an e-book's cover from its PDF's first page in a bounded worker thread. */
  pdfCovers: PdfCoverRenderer;
  /** Signs and checks expiring links to private files (key derived from SESSION_SECRET). */
  signedLinks: SignedLinks;
  /** Uploaded files: DATA_DIR/objects, or an S3-compatible bucket when S3_* is set. */
  storage: ObjectStorage;
  /** Resumable uploads in progress or waiting for their form (DATA_DIR/uploads). */
  uploads: StagedUploads;
}

/** What one request brings to its loaders and actions, besides the services every request shares. */
export interface RequestContext {
  services: AppServices;
  /** The per-request Content-Security-Policy nonce that React's scripts carry. */
  cspNonce: string;
  /** The reader's address (from X-Forwarded-For only when TRUST_PROXY is set), for rate limits. */
  clientIp: string;
  /**
   * Runs `work` once this request's answer has left (server/after-answer.ts): what the answer must not
   * wait for, nor let its time show (making a mailed link).
   */
  afterAnswer: (work: () => Promise<void>) => void;
}
