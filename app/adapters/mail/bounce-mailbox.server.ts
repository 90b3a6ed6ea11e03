import type { ImapFlow } from "imapflow";
import type { BounceReport } from "./bounce-reports";

// The bounce mailbox: the site's newsletter mail goes out with this mailbox's address as its envelope
// sender, so mail servers send their delivery status notifications (bounces) here, and mailbox providers
// their complaints. This reads them over IMAP, classifies each (bounce-reports.ts) and hands the reports to
// the caller, which records them (idempotently, per delivery and recipient).
//
// Rules (docs/decisions/098-real-mail-servers-in-tests.md):
// - At least once: a message is marked \Seen and moved to the Processed folder only after `handle` has
//   resolved for it. A crash or a dropped connection before that leaves it unseen in INBOX, to be read
//   again on the next call; the caller must be idempotent. Moved rather than deleted: the owner (or a
//   fixed parser) can still read what a report said; the mailbox server's retention empties that folder.
// - Bounded: at most `limit` messages a call (the oldest first; `more` says whether others wait), and a
//   message larger than `maxMessageBytes` is not downloaded at all: it is handled as "other" and put away.
// - Never hangs: connecting, the greeting and every quiet moment on the connection have a timeout.
// Settings come from the caller (the server's configuration); nothing here reads the environment.
// imapflow and mailparser load with the first call, not at start.

/** Where the mailbox is: an imap:// or imaps:// URL with the user and password in it, or each part. */
export type BounceMailboxSettings = { imapUrl: string } | { host: string; port: number; user: string; password: string; secure?: boolean };

export interface ReadBounceReportsOptions {
  /** Records one message's reports; the message is put away once it resolves. A rejection stops the call. */
  handle: (reports: BounceReport[], message: { uid: number }) => Promise<void>;
  /** Only messages that arrived on or after this day (IMAP's SINCE compares dates, not times). */
  since?: Date;
  /** The most messages read in one call; 200 by default. */
  limit?: number;
  /** Larger messages are "other", unread; 1 MB by default (a bounce is a few kilobytes). */
  maxMessageBytes?: number;
  /** For connecting, the greeting and any silence of the server; 20 s by default. */
  timeoutMs?: number;
  /** The folder handled messages are moved to, created when missing; "Processed" by default. */
  processedFolder?: string;
}

export interface BounceMailboxRound {
  /** Messages handled and put away in this call. */
  read: number;
  /** Unseen messages were left for the next call (more than `limit`). */
  more: boolean;
}

const DEFAULT_LIMIT = 200;
const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 20_000;

/** The connection's parts from the settings; an imap:// URL is plain or STARTTLS on 143, imaps:// TLS on 993. */
export function mailboxConnection(settings: BounceMailboxSettings): { host: string; port: number; secure: boolean; user: string; password: string } {
  if (!("imapUrl" in settings)) return { secure: false, ...settings };
  const url = new URL(settings.imapUrl);
  if (url.protocol !== "imap:" && url.protocol !== "imaps:") throw new Error(`the bounce mailbox's URL must start with imap:// or imaps://, not ${url.protocol}//`);
  const secure = url.protocol === "imaps:";
  return { host: url.hostname, port: url.port ? Number(url.port) : secure ? 993 : 143, secure, user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

/** Reads the unseen messages of the bounce mailbox's INBOX, oldest first, within the bounds above. */
export async function readBounceReports(settings: BounceMailboxSettings, options: ReadBounceReportsOptions): Promise<BounceMailboxRound> {
  const { handle, since, limit = DEFAULT_LIMIT, maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES, timeoutMs = DEFAULT_TIMEOUT_MS, processedFolder = "Processed" } = options;
  const [{ ImapFlow }, { parseBounceMessage }] = await Promise.all([import("imapflow"), import("./bounce-reports")]);
  const { host, port, secure, user, password } = mailboxConnection(settings);
  const client: ImapFlow = new ImapFlow({
    host,
    port,
    secure,
    auth: { user, pass: password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // A server announcing more than the largest message read (plus its framing) is refused, not buffered.
    maxLiteralSize: maxMessageBytes + 64 * 1024,
    maxResponseSize: maxMessageBytes + 128 * 1024,
  });
  // Connection failures also reject the command in flight, which is what the caller sees.
  client.on("error", () => {});
  await client.connect().catch((error: unknown) => {
    client.close();
    throw error;
  });
  try {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const unseen = (await client.search({ seen: false, deleted: false, ...(since ? { since } : {}) }, { uid: true })) || [];
      const batch = unseen.sort((a, b) => a - b).slice(0, limit);
      if (batch.length === 0) return { read: 0, more: false };
      await client.mailboxCreate(processedFolder);
      // Sizes first, so a large message's body is never fetched.
      const sizes = new Map<number, number>();
      for await (const message of client.fetch(batch.join(","), { uid: true, size: true }, { uid: true })) sizes.set(message.uid, message.size ?? 0);
      let read = 0;
      for (const uid of batch) {
        const size = sizes.get(uid);
        // Gone since the search (another reader took it): nothing to do.
        if (size === undefined) continue;
        let reports: BounceReport[] = [{ kind: "other" }];
        if (size <= maxMessageBytes) {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          reports = await parseBounceMessage(message.source);
        }
        await handle(reports, { uid });
        await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
        await client.messageMove(String(uid), processedFolder, { uid: true });
        read += 1;
      }
      return { read, more: unseen.length > batch.length };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
