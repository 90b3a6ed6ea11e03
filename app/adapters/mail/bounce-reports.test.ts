import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressOf, parseBounceMessage, parseFieldBlocks } from "./bounce-reports";

// postfix-bounce.eml is what Postfix 3.7 wrote to the bounce mailbox when the exchanger refused a recipient
// with 550 5.1.1, as Dovecot served it over IMAP (captured from tests/support/mail-relay.ts);
// arf-complaint.eml is RFC 5965's example report, made about one of the site's mails.
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/mail", name));

/** A delivery status notification as other servers write them: LF line ends, headers only returned. */
function report({ recipients, original }: { recipients: string; original: string }): string {
  return [
    "From: MAILER-DAEMON@mx.example.net",
    "To: bounces@bounces.test",
    "Subject: Delivery Status Notification",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain",
    "",
    "Some recipients could not be reached.",
    "--b1",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "",
    recipients,
    "--b1",
    "Content-Type: text/rfc822-headers",
    "",
    original,
    "--b1--",
    "",
  ].join("\n");
}

describe("delivery status notifications", () => {
  it("reads Postfix's bounce for a refused recipient as a hard bounce, with the delivery header of the returned mail", async () => {
    expect(await parseBounceMessage(fixture("postfix-bounce.eml"))).toEqual([
      {
        kind: "bounce",
        recipient: "reader.gone@example.com",
        action: "failed",
        status: "5.1.1",
        hard: true,
        // Postfix folds the server's words over three lines; they come back as one.
        diagnostic: "smtp; 550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces.",
        messageId: "<ee445cb3-efc7-b6b2-7fb1-9af8780832c3@bounces.test>",
        delivery: "issue-12.subscriber-4711",
      },
    ]);
  });

  it("reads a recipient Postfix gave up on after deferrals (failed, 4.x.x) as soft", async () => {
    // Postfix's report once maximal_queue_lifetime passed with the exchanger answering 451 each time.
    const expired = report({
      recipients: [
        "Final-Recipient: rfc822; Reader.Busy@example.com",
        "Original-Recipient: rfc822;Reader.Busy@example.com",
        "Action: failed",
        "Status: 4.2.1",
        "Remote-MTA: dns; 127.0.0.1",
        "Diagnostic-Code: smtp; 451 4.2.1 The user you are trying to contact is",
        "    receiving mail at a rate that prevents additional messages from being",
        "    delivered. Please resend your message at a later time.",
        "",
      ].join("\n"),
      original: "X-Newsletter-Delivery: issue-12.subscriber-7\nMessage-ID: <m7@site.test>\n",
    });
    expect(await parseBounceMessage(expired)).toEqual([
      expect.objectContaining({ kind: "bounce", recipient: "reader.busy@example.com", action: "failed", status: "4.2.1", hard: false, delivery: "issue-12.subscriber-7", messageId: "<m7@site.test>" }),
    ]);
  });

  it("gives one report per recipient, prefers the original recipient, and keeps 300 characters of a long diagnostic", async () => {
    const long = "x".repeat(400);
    const reports = await parseBounceMessage(
      report({
        recipients: [
          "Final-Recipient: rfc822; john.doe@internal.example.net",
          "Original-Recipient: rfc822; <Subscriber@Example.net>",
          "Action: failed",
          "Status: 5.2.2 (mailbox full)",
          `Diagnostic-Code: smtp; 552 ${long}`,
          "",
          "final-recipient: RFC822; Later@Example.net",
          "action: Delayed",
          "status: 4.4.1",
          "",
        ].join("\n"),
        original: "Message-ID: <m1@site.test>\nX-Newsletter-Delivery:\n issue-3.subscriber-9\n",
      }),
    );
    expect(reports).toEqual([
      { kind: "bounce", recipient: "subscriber@example.net", action: "failed", status: "5.2.2", hard: true, diagnostic: `smtp; 552 ${long}`.slice(0, 300), messageId: "<m1@site.test>", delivery: "issue-3.subscriber-9" },
      { kind: "bounce", recipient: "later@example.net", action: "delayed", status: "4.4.1", hard: false, messageId: "<m1@site.test>", delivery: "issue-3.subscriber-9" },
    ]);
  });

  it("reads a report without the returned mail, and one without recipients as other", async () => {
    const bare = report({ recipients: "Final-Recipient: rfc822; a@example.net\nAction: failed\nStatus: 5.1.1\n", original: "" }).replace(/--b1\nContent-Type: text\/rfc822-headers\n\n\n/, "");
    expect(await parseBounceMessage(bare)).toEqual([{ kind: "bounce", recipient: "a@example.net", action: "failed", status: "5.1.1", hard: true }]);
    expect(await parseBounceMessage(report({ recipients: "", original: "" }))).toEqual([{ kind: "other" }]);
  });
});

describe("complaints", () => {
  it("reads RFC 5965's abuse report as a complaint about the reader's address, with the delivery header", async () => {
    expect(await parseBounceMessage(fixture("arf-complaint.eml"))).toEqual([
      {
        kind: "complaint",
        recipient: "reader.annoyed@example.com",
        messageId: "<0b6f3e2a-5c1d-4e8f-9a7b-2c4d6e8f0a1b@diaspora-policy.test>",
        delivery: "issue-12.subscriber-5150",
      },
    ]);
  });

  it("takes the returned mail's To when the provider leaves Original-Rcpt-To out", async () => {
    const redacted = fixture("arf-complaint.eml").toString().replace(/Original-Rcpt-To: .*\r\n/, "");
    expect(await parseBounceMessage(redacted)).toEqual([expect.objectContaining({ kind: "complaint", recipient: "reader.annoyed@example.com" })]);
  });

  it("leaves feedback that is not abuse (not-spam, virus…) as other", async () => {
    const notSpam = fixture("arf-complaint.eml").toString().replace("Feedback-Type: abuse", "Feedback-Type: not-spam");
    expect(await parseBounceMessage(notSpam)).toEqual([{ kind: "other" }]);
  });
});

describe("anything else", () => {
  it("is other: a reader's reply, an empty message, bytes that are not mail", async () => {
    expect(await parseBounceMessage("From: reader@example.com\nSubject: Re: Issue 12\n\nThanks!\n")).toEqual([{ kind: "other" }]);
    expect(await parseBounceMessage("")).toEqual([{ kind: "other" }]);
    expect(await parseBounceMessage(Buffer.from([0, 255, 1, 2, 3]))).toEqual([{ kind: "other" }]);
  });
});

describe("fields", () => {
  it("splits blocks at blank lines, unfolds continued lines and keeps repeated names", () => {
    const [message, recipient] = parseFieldBlocks("Reporting-MTA: dns; a\r\nX-Note: one\r\n\ttwo  three\r\n\r\nReported-Uri: u1\r\nREPORTED-URI: u2\r\n");
    expect(message).toEqual(new Map([["reporting-mta", ["dns; a"]], ["x-note", ["one two three"]]]));
    expect(recipient!.get("reported-uri")).toEqual(["u1", "u2"]);
  });

  it("reads an address from a typed or bracketed value", () => {
    expect(addressOf("rfc822; Reader@Example.com")).toBe("reader@example.com");
    expect(addressOf("rfc822;<reader@example.com>")).toBe("reader@example.com");
    expect(addressOf("Reader <Reader@Example.com>")).toBe("reader@example.com");
    expect(addressOf("undisclosed-recipients:;")).toBeUndefined();
    expect(addressOf(undefined)).toBeUndefined();
  });
});
