import type { Logger } from "pino";
import type { Auth } from "./auth/auth.server";
import type { AppConfig } from "~/lib/config.server";
import type { Db, DialectName } from "./db/database.server";
import type { PdfCoverRenderer } from "./documents/pdf-cover.server";
import type { Mailer } from "./mail/mailer.server";
import type { ObjectStorage } from "./storage/contract";
import type { SignedLinks } from "./storage/signed-links.server";
import type { StagedUploads } from "./uploads/staged-uploads.server";

/**
 * Everything a loader or action may use, built once at start by the server entry and handed to
 * React Router. Nothing in app/ opens a connection or reads the environment on its own.
 */
export interface AppServices {
  auth: Auth;
  config: AppConfig;
  db: Db;
  dialect: DialectName;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
  /** Draws an e-book's cover from its PDF's first page in a bounded worker thread. */
  pdfCovers: PdfCoverRenderer;
  /** Signs and checks expiring links to private files (key derived from SESSION_SECRET). */
  signedLinks: SignedLinks;
  /** Uploaded files: DATA_DIR/objects, or an S3-compatible bucket when S3_* is set. */
  storage: ObjectStorage;
  /** Resumable uploads in progress or waiting for their form (DATA_DIR/uploads). */
  uploads: StagedUploads;
  /** Asks the outbox worker to look for due work now (set by the server once the worker runs). */
  wakeOutbox?: () => void;
}

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** The per-request Content-Security-Policy nonce that React's scripts carry. */
    cspNonce: string;
    /** The reader's address (from X-Forwarded-For only when TRUST_PROXY is set), for rate limits. */
    clientIp: string;
  }
}
