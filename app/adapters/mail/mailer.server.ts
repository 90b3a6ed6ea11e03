import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "~/lib/private-files.server";
import { classifySmtpError } from "./smtp-errors";

export { MailRefused, MailServerUnavailable } from "./smtp-errors";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
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

/** `now` is the services' clock: it names the mail files, so they sort in the order the app sent them. */
export function createMailer({ smtpUrl, from, dataDir, logger, now }: { smtpUrl?: string; from: string; dataDir: string; logger: Logger; now: () => Date }): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from) : fileMailer(path.join(dataDir, "mail"), from, logger, now);
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

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const { transport, close } = onFirstMail(async (loaded) => loaded.createTransport((await import("./smtp-options")).smtpTransportOptions(smtpUrl)));
  return {
    async send(message) {
      try {
        await (await transport()).sendMail({ from, ...message });
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
function fileMailer(folder: string, from: string, logger: Logger, now: () => Date): Mailer {
  const { transport: compose, close } = onFirstMail(async (loaded) => loaded.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  return {
    async send(message) {
      const { message: raw } = (await (await compose()).sendMail({ from, ...message })) as { message: Buffer };
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const name = `${now().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const temporary = path.join(folder, `.${name}.tmp`);
      await writeFile(temporary, raw, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, path.join(folder, name));
      // The subject may carry a reader's name: only the file is logged.
      logger.info({ file: path.join(folder, name) }, "mail written to file (no SMTP_URL set)");
    },
    close,
  };
}
