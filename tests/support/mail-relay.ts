import { existsSync } from "node:fs";
import { DOVECOT, startDovecot, type RunningDovecot } from "./dovecot";
import { POSTFIX, POSTFIX_DAEMONS, startPostfix, type RunningPostfix } from "./postfix";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";

// The mail path of a newsletter issue with real servers on each hop: the site sends to Postfix (the
// local relay), Postfix delivers to the recipients' mail exchanger (the test's SMTP server, which can
// refuse or defer a recipient), and writes its bounces to the bounce address, whose mailbox Dovecot
// serves over IMAP to the site. See docs/decisions/098-real-mail-servers-in-tests.md.

/**
 * Whether the tests can run Postfix and Dovecot here: Debian's packages installed (`apt-get install postfix
 * dovecot-imapd`, which .ci/run does) and the tests running as root (Postfix's master must).
 */
export function mailServersInstalled(): boolean {
  return [POSTFIX, `${POSTFIX_DAEMONS}/master`, DOVECOT].every((file) => existsSync(file)) && process.getuid?.() === 0;
}

/**
 * For the top of a test file: with REQUIRE_MAIL_SERVERS=1 (CI) a machine without the servers is an error,
 * not a reason to skip; elsewhere a notice says what was skipped.
 */
export function requireMailServersWhenAsked(what: string): void {
  if (mailServersInstalled()) return;
  const reason = process.getuid?.() === 0 ? `${POSTFIX} or ${DOVECOT} is missing: apt-get install postfix dovecot-imapd (.ci/run does)` : "the tests do not run as root, which Postfix's master needs";
  if (process.env.REQUIRE_MAIL_SERVERS === "1") throw new Error(`REQUIRE_MAIL_SERVERS=1 but ${reason}.`);
  console.warn(`NOTICE: ${reason}, so ${what} is SKIPPED.`);
}

export interface MailRelay {
  exchanger: TestSmtpServer;
  postfix: RunningPostfix;
  dovecot: RunningDovecot;
  /** The envelope sender of the site's mail; Postfix's bounces for it land in Dovecot's mailbox. */
  bounceAddress: string;
  /** Postfix's and Dovecot's logs, to print when a test fails. */
  logs: () => string;
  stop: () => Promise<void>;
}

export interface MailRelayOptions {
  /** Postfix's maximal_queue_lifetime: how long a deferred recipient is retried before it bounces. */
  maximalQueueLifetime?: string;
}

/** Starts the exchanger, Postfix relaying to it, and Dovecot serving Postfix's bounce mailbox. */
export async function startMailRelay({ maximalQueueLifetime }: MailRelayOptions = {}): Promise<MailRelay> {
  const exchanger = await startSmtpServer();
  const postfix = await startPostfix({ exchanger, ...(maximalQueueLifetime ? { maximalQueueLifetime } : {}) }).catch(async (error: unknown) => {
    await exchanger.close();
    throw error;
  });
  const dovecot = await startDovecot({ maildir: postfix.maildir, user: "bounces", password: "bounce-mailbox-secret" }).catch(async (error: unknown) => {
    await postfix.stop();
    await exchanger.close();
    throw error;
  });
  return {
    exchanger,
    postfix,
    dovecot,
    bounceAddress: postfix.bounceAddress,
    logs: () => `--- Postfix ---\n${postfix.maillog()}\n--- Dovecot ---\n${dovecot.log()}`,
    stop: async () => {
      // Dovecot first: it keeps its index files in Postfix's Maildir.
      await dovecot.stop();
      await postfix.stop();
      await exchanger.close();
    },
  };
}
