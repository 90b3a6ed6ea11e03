/**
 * What an SMTP failure means for the mail that met it. nodemailer gives each error a `code` (the kind
 * of failure), a `command` (what the site had just sent) and, when the server answered, a
 * `responseCode` (RFC 5321: 4xx try again later, 5xx do not).
 */

/** The server refused this message for good (a 5xx answer to its sender, a recipient or its content). */
export class MailRefused extends Error {
  override name = "MailRefused";
}

/** The server could not be reached, did not answer in time, or refused every mail for now: no mail can leave. */
export class MailServerUnavailable extends Error {
  override name = "MailServerUnavailable";
}

interface SmtpErrorFields {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
}

/** Failures of the connection itself rather than of one message; an authentication failure is a setting to fix. */
const SERVER_FAILURES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EPROTOCOL", "EAUTH", "ETLS", "EPROXY"]);
/** The commands that carry one message: a 5xx to them is about this message, not the server's state. */
const MESSAGE_COMMANDS = new Set(["MAIL FROM", "RCPT TO", "DATA"]);

/** The error as one of the two classes above, or unchanged when it is a temporary failure of this message (4xx). */
export function classifySmtpError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, command, responseCode } = error as Error & SmtpErrorFields;
  const status = typeof responseCode === "number" ? responseCode : undefined;
  if (status !== undefined && status >= 500 && status < 600 && typeof command === "string" && MESSAGE_COMMANDS.has(command)) {
    return new MailRefused(error.message, { cause: error });
  }
  // 421: the server is closing the connection (busy, shutting down); every mail would meet the same answer.
  if (status === 421 || (typeof code === "string" && SERVER_FAILURES.has(code)) || (status === undefined && typeof command === "string" && command === "CONN")) {
    return new MailServerUnavailable(error.message, { cause: error });
  }
  return error;
}
