import { readFileSync } from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readBounceReports, type BounceMailboxSettings } from "~/adapters/mail/bounce-mailbox.server";
import type { BounceReport } from "~/adapters/mail/bounce-reports";
import { mailServersInstalled, requireMailServersWhenAsked, startMailRelay, type MailRelay } from "../support/mail-relay";
import { startSilentSmtpFront } from "../support/smtp-server";
import { until } from "../support/waiting";

// A newsletter mail's way with real mail servers (tests/support/mail-relay.ts): the site hands it to Postfix,
// Postfix delivers it to the recipient's mail exchanger or, when the exchanger refuses it or defers it past
// Postfix's queue lifetime, writes a delivery status notification to the envelope sender, the bounce
// address, whose mailbox Dovecot serves; the site reads it back with readBounceReports.

const ARF_COMPLAINT = readFileSync(path.join(import.meta.dirname, "../fixtures/mail/arf-complaint.eml"), "utf8");
const NOT_FOUND = { code: 550, message: "5.1.1 The email account that you tried to reach does not exist." };
const LATER = { code: 451, message: "4.2.1 The user you are trying to contact is receiving mail too fast. Please try again later." };

requireMailServersWhenAsked("the mail relay test");

describe.skipIf(!mailServersInstalled())("newsletter mail through Postfix, its bounces read back from Dovecot", () => {
  let relay: MailRelay;
  let mailbox: BounceMailboxSettings;
  /** Every report read so far, in order: a poll takes all that has arrived, whichever test it belongs to. */
  const reports: BounceReport[] = [];

  beforeAll(async () => {
    relay = await startMailRelay();
    mailbox = { host: relay.dovecot.host, port: relay.dovecot.port, user: relay.dovecot.user, password: relay.dovecot.password };
  });
  afterAll(async () => {
    await relay?.stop();
  });
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(relay?.logs())));

  /** A newsletter mail as the site sends it: its envelope sender is the bounce address. */
  function send(through: MailRelay, to: string, delivery: string) {
    const transport = nodemailer.createTransport(through.postfix.smtpUrl);
    return transport.sendMail({
      from: "Diaspora Policy <newsletter@diaspora-policy.test>",
      to,
      subject: "Issue 12: Trade justice after the summit",
      text: "The issue's text.",
      headers: { "X-Newsletter-Delivery": delivery },
      envelope: { from: through.bounceAddress, to },
    });
  }

  /** Reads the bounce mailbox until a report matches. */
  function untilReport(matches: (report: BounceReport) => boolean, settings = mailbox, into = reports): Promise<BounceReport> {
    return until(async () => {
      await readBounceReports(settings, { handle: async (found) => void into.push(...found) });
      return into.find(matches);
    }, 100);
  }

  const delivered = (delivery: string) => relay.exchanger.received.some((message) => message.includes(`X-Newsletter-Delivery: ${delivery}`));
  const attempts = (exchanger: MailRelay["exchanger"], address: string) => exchanger.recipients.filter((recipient) => recipient === address).length;

  it("delivers a mail for an address the exchanger accepts", async () => {
    await send(relay, "reader@example.com", "issue-12.a");
    await until(() => delivered("issue-12.a"));
  });

  it("turns a recipient refused with 550 5.1.1 into a hard bounce naming the address and the delivery", async () => {
    relay.exchanger.answer = (address) => (address === "Gone.Reader@example.com" ? NOT_FOUND : undefined);
    const { messageId } = await send(relay, "Gone.Reader@example.com", "issue-12.b");
    const report = await untilReport((found) => "delivery" in found && found.delivery === "issue-12.b");
    expect(report).toEqual({
      kind: "bounce",
      recipient: "gone.reader@example.com",
      action: "failed",
      status: "5.1.1",
      hard: true,
      diagnostic: `smtp; ${NOT_FOUND.code} ${NOT_FOUND.message}`,
      messageId,
      delivery: "issue-12.b",
    });
  });

  it("retries a recipient deferred with 451 and delivers it once the exchanger takes it", async () => {
    let busy = true;
    relay.exchanger.answer = (address) => (busy && address === "busy@example.com" ? LATER : undefined);
    await send(relay, "busy@example.com", "issue-12.c");
    // Postfix tries again by itself (its retry delays are a second or two here)…
    await until(() => attempts(relay.exchanger, "busy@example.com") >= 2);
    expect(delivered("issue-12.c")).toBe(false);
    // …and, once the exchanger accepts, delivers at the next try; flush makes that try now.
    busy = false;
    await relay.postfix.flush();
    await until(() => delivered("issue-12.c"));
  });

  it("gives a recipient that stays deferred up after the queue lifetime, as a soft failure", async () => {
    const shortLived = await startMailRelay({ maximalQueueLifetime: "5s" });
    try {
      shortLived.exchanger.answer = () => LATER;
      await send(shortLived, "busy.for.good@example.com", "issue-12.c2");
      const settings = { host: shortLived.dovecot.host, port: shortLived.dovecot.port, user: shortLived.dovecot.user, password: shortLived.dovecot.password };
      const report = await untilReport((found) => found.kind === "bounce", settings, []);
      expect(report).toMatchObject({ kind: "bounce", recipient: "busy.for.good@example.com", action: "failed", status: "4.2.1", hard: false, delivery: "issue-12.c2" });
      expect(attempts(shortLived.exchanger, "busy.for.good@example.com")).toBeGreaterThan(1);
    } catch (error) {
      console.log(shortLived.logs());
      throw error;
    } finally {
      await shortLived.stop();
    }
  });

  it("reads an abuse report (ARF) delivered to the bounce address as a complaint", async () => {
    const transport = nodemailer.createTransport(relay.postfix.smtpUrl);
    await transport.sendMail({ envelope: { from: "abuse-reports@mailbox-provider.test", to: relay.bounceAddress }, raw: ARF_COMPLAINT });
    const report = await untilReport((found) => found.kind === "complaint");
    expect(report).toEqual({
      kind: "complaint",
      recipient: "reader.annoyed@example.com",
      messageId: "<0b6f3e2a-5c1d-4e8f-9a7b-2c4d6e8f0a1b@diaspora-policy.test>",
      delivery: "issue-12.subscriber-5150",
    });
  });

  it("reads a message again until its handling succeeds, and never after", async () => {
    relay.exchanger.answer = () => NOT_FOUND;
    await send(relay, "gone.again@example.com", "issue-12.e");
    const isOurs = (found: BounceReport[]) => found.some((report) => "delivery" in report && report.delivery === "issue-12.e");
    // The caller fails while recording it (a database gone for a moment): the call fails, the message stays.
    await until(async () => {
      const failed = await readBounceReports(mailbox, {
        handle: async (found) => {
          if (isOurs(found)) throw new Error("recording failed");
          reports.push(...found);
        },
      }).then(() => false, (error: Error) => error.message === "recording failed");
      return failed;
    }, 100);
    const handled: BounceReport[][] = [];
    await readBounceReports(mailbox, { handle: async (found) => void handled.push(found) });
    expect(handled.filter(isOurs)).toHaveLength(1);
    // Put away once handled: the next call does not see it.
    const again: BounceReport[][] = [];
    expect(await readBounceReports(mailbox, { handle: async (found) => void again.push(found) })).toEqual({ read: 0, more: false });
    expect(again).toEqual([]);
    // Kept, read, in the Processed folder; the INBOX is empty.
    expect(await folderStatus(relay, "INBOX")).toEqual({ messages: 0, unseen: 0 });
    expect(await folderStatus(relay, "Processed")).toMatchObject({ unseen: 0 });
    expect((await folderStatus(relay, "Processed")).messages).toBeGreaterThanOrEqual(3);
  });

  it("reads at most `limit` messages a call and does not download one larger than `maxMessageBytes`", async () => {
    const transport = nodemailer.createTransport(relay.postfix.smtpUrl);
    const complaint = (delivery: string) => ARF_COMPLAINT.replace("issue-12.subscriber-5150", delivery);
    const large = `Subject: large\r\n\r\n${`${"x".repeat(78)}\r\n`.repeat(400)}`;
    // One after the other, each in the mailbox before the next is sent, so their order is known.
    for (const [index, raw] of [complaint("issue-12.f1"), complaint("issue-12.f2"), large].entries()) {
      await transport.sendMail({ envelope: { from: "someone@mailbox-provider.test", to: relay.bounceAddress }, raw });
      await until(async () => (await folderStatus(relay, "INBOX")).unseen === index + 1, 100);
    }
    const bounded = { limit: 2, maxMessageBytes: 20_000 };
    const first: BounceReport[][] = [];
    expect(await readBounceReports(mailbox, { ...bounded, handle: async (found) => void first.push(found) })).toEqual({ read: 2, more: true });
    expect(first.map(([report]) => report && "delivery" in report && report.delivery)).toEqual(["issue-12.f1", "issue-12.f2"]);
    const second: BounceReport[][] = [];
    expect(await readBounceReports(mailbox, { ...bounded, handle: async (found) => void second.push(found) })).toEqual({ read: 1, more: false });
    expect(second).toEqual([[{ kind: "other" }]]);
  });
});

/** A folder of the bounce mailbox counted (its messages, and those unseen), without reading any. */
async function folderStatus(relay: MailRelay, folder: string): Promise<{ messages: number; unseen: number }> {
  const client = new ImapFlow({ host: relay.dovecot.host, port: relay.dovecot.port, secure: false, auth: { user: relay.dovecot.user, pass: relay.dovecot.password }, logger: false });
  await client.connect();
  try {
    const status = await client.status(folder, { messages: true, unseen: true });
    if (!status) throw new Error(`the bounce mailbox has no ${folder}`);
    return { messages: status.messages ?? 0, unseen: status.unseen ?? 0 };
  } finally {
    await client.logout();
  }
}

describe("the bounce mailbox's server", () => {
  it("is given up on, not waited for, when it accepts the connection and says nothing", async () => {
    const silent = await startSilentSmtpFront();
    try {
      const { port } = new URL(silent.url);
      const read = readBounceReports({ imapUrl: `imap://bounces:secret@127.0.0.1:${port}` }, { timeoutMs: 300, handle: async () => {} });
      await expect(read).rejects.toThrow(/timeout/i);
      expect(silent.connections()).toBe(1);
    } finally {
      await silent.close();
    }
  });
});
