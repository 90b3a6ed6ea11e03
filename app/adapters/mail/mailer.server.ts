import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "~/lib/private-files.server";
import { classifySmtpError } from "./smtp-errors";
import { textToHtml } from "./text-html";

export { MailRefused, MailServerUnavailable } from "./smtp-errors";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; without one, the text is set as HTML (paragraphs, links) beside it. */
  html?: string;
  /** The language of the text, for the HTML part's `lang`. */
  language?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** The envelope sender (SMTP's MAIL FROM), where bounce reports go; the From address when absent. */
  envelopeFrom?: string;
  /**
   * Run once the server has taken the sender and recipients and the whole message is on its way, before
   * its end (SMTP's final "."): what the caller records here is on disk before the server can accept the
   * mail. A sender that records "sent" here never sends it twice across a crash; only a crash in the
   * instant between the record and the last byte loses the mail. Kept by the pooled (newsletter) transport
   * and the file mailer; the other SMTP transport sends without it and records after the answer.
   */
  beforeEnd?: () => Promise<void>;
}

/** The DKIM signature every mail carries when it is configured (nodemailer signs the headers and body). */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The headers a DKIM signature covers: nodemailer's list and, as RFC 8058 asks, both unsubscribe
 * headers, so no one on the way can change where the one-click unsubscribe goes.
 */
const DKIM_SIGNED_HEADERS = [
  "from", "sender", "reply-to", "subject", "date", "message-id", "to", "cc", "mime-version", "content-type", "content-transfer-encoding",
  "in-reply-to", "references", "list-id", "list-unsubscribe", "list-unsubscribe-post",
].join(":");
const signing = (dkim: DkimSigning | undefined) => (dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {});

/** What nodemailer is given: the sender, the text and an HTML part, every header. */
function composed(from: string, { language, html, envelopeFrom, ...message }: MailMessage) {
  return { from, ...message, html: html ?? textToHtml(message.text, language), ...(envelopeFrom && { envelope: { from: envelopeFrom, to: message.to } }) };
}

/**
 * Sends mail. Two implementations with one contract: SMTP, or files in a folder when no server is set.
 * `send` throws MailRefused when the server refused this message for good, MailServerUnavailable when
 * the server could not be reached or did not answer in time, and any other error for a temporary failure.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * `now` is the services' clock: it names the mail files, so they sort in the order the app sent them.
 * With `dkim`, both kinds sign every mail (so a mail file shows the signature a server would get).
 */
export function createMailer({
  smtpUrl,
  from,
  dataDir,
  logger,
  now,
  dkim,
  connections,
}: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  now: () => Date;
  dkim?: DkimSigning | undefined;
  /** Keep this many SMTP connections open and reuse them (a newsletter's many mails); one per mail when absent. */
  connections?: number;
}): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from, dkim, connections) : fileMailer(path.join(dataDir, "mail"), from, logger, now, dkim);
}

/**
 * nodemailer (about 15 MB) loads with the first mail, not at start: most processes send none for a long
 * time. `close` closes the transport if one was made.
 */
function onFirstMail(make: (loaded: typeof nodemailer) => Promise<Transporter>): { transport: () => Promise<Transporter>; close: () => void } {
  let made: Promise<Transporter> | undefined;
  return {
    transport: () => (made ??= import("nodemailer").then((module) => make(module.default))),
    close: () => void made?.then((transport) => transport.close(), () => undefined),
  };
}

function smtpMailer(smtpUrl: string, from: string, dkim: DkimSigning | undefined, connections: number | undefined): Mailer {
  const { transport, close } = onFirstMail(async (loaded) => {
    const options = (await import("./smtp-options")).smtpTransportOptions(smtpUrl);
    if (!connections) return loaded.createTransport({ ...options, ...signing(dkim) });
    // The pooled transport holds each message's end for its beforeEnd step, and signs inside it.
    const pooled = loaded.createTransport({ ...options, pool: true, maxConnections: connections, maxMessages: 500 });
    const { holdEnds } = await import("./end-held");
    const { default: DKIM } = await import("nodemailer/lib/dkim");
    const signer = dkim && new DKIM({ ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS });
    holdEnds(pooled, signer ? (message) => signer.sign(message) : undefined);
    return pooled;
  });
  return {
    async send(message) {
      try {
        await (await transport()).sendMail(composed(from, message));
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close,
  };
}

/**
 * Without an SMTP server, each mail becomes an .eml file in DATA_DIR/mail (written to a temporary
 * name, then renamed, so no half-written mail is ever visible), and its location is logged.
 */
function fileMailer(folder: string, from: string, logger: Logger, now: () => Date, dkim: DkimSigning | undefined): Mailer {
  const { transport: compose, close } = onFirstMail(async (loaded) => loaded.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...signing(dkim) }));
  return {
    async send(message) {
      const { beforeEnd, ...rest } = message;
      const { message: raw } = (await (await compose()).sendMail(composed(from, rest))) as { message: Buffer };
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const name = `${now().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const temporary = path.join(folder, `.${name}.tmp`);
      await writeFile(temporary, raw, { mode: PRIVATE_FILE_MODE });
      // The file appears (the mail "leaves") only once the caller recorded it.
      await beforeEnd?.();
      await rename(temporary, path.join(folder, name));
      // The subject may carry a reader's name: only the file is logged.
      logger.info({ file: path.join(folder, name) }, "mail written to file (no SMTP_URL set)");
    },
    close,
  };
}
