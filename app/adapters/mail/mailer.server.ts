import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
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

/**
 * How long the SMTP transport waits, in milliseconds: for the TCP (and TLS) connection, for the
 * server's greeting, and for any answer once connected. nodemailer's defaults (2 min, 30 s, 10 min)
 * would hold the outbox worker, and every mail behind the one in hand, on a server that stays silent.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 } as const;

export function createMailer({ smtpUrl, from, dataDir, logger }: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from) : fileMailer(path.join(dataDir, "mail"), from, logger);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Settings written in SMTP_URL's query string (e.g. ?greetingTimeout=20000) win over these defaults.
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(smtpUrl) });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server, each mail becomes an .eml file in DATA_DIR/mail (written to a temporary
 * name, then renamed, so no half-written mail is ever visible), and its location is logged.
 */
function fileMailer(folder: string, from: string, logger: Logger): Mailer {
  const compose = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { message: raw } = (await compose.sendMail({ from, ...message })) as { message: Buffer };
      await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const temporary = path.join(folder, `.${name}.tmp`);
      await writeFile(temporary, raw, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, path.join(folder, name));
      // The subject may carry a reader's name: only the file is logged.
      logger.info({ file: path.join(folder, name) }, "mail written to file (no SMTP_URL set)");
    },
    close: () => compose.close(),
  };
}
