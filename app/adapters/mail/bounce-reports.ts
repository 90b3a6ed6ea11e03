import { simpleParser, type Attachment } from "mailparser";

// What a message in the bounce mailbox says about the site's mail, read from its source: a delivery
// status notification (RFC 3464), which mail servers such as Postfix write to the envelope sender when
// they give up on a recipient or are still trying, or a complaint (RFC 5965's Abuse Reporting Format),
// which mailbox providers send when a reader marks a mail as spam. Anything else is "other".
// No I/O: bounce-mailbox.server.ts fetches the messages; the tests feed it captured ones
// (tests/fixtures/mail/).

/** The header every newsletter mail carries, naming its delivery (issue and recipient); reports return it. */
export const DELIVERY_HEADER = "X-Newsletter-Delivery";

/** The longest diagnostic kept: servers' texts run to several lines; the status code says what matters. */
export const DIAGNOSTIC_LIMIT = 300;

export interface DeliveryStatusReport {
  kind: "bounce";
  /** The address the site sent to, lower-cased: Original-Recipient, or Final-Recipient without one. */
  recipient: string;
  /** RFC 3464's action, lower-cased: "failed", "delayed", "delivered", "relayed" or "expanded". */
  action: string;
  /** The enhanced status code, e.g. "5.1.1" (RFC 3463); "" when the report has none. */
  status: string;
  /** The server gave up for good (action failed, status 5.x.x): the address should not be mailed again. */
  hard: boolean;
  /** The remote server's words (Diagnostic-Code, unfolded), at most DIAGNOSTIC_LIMIT characters. */
  diagnostic?: string;
  /** From the returned original's headers, when the report carries them. */
  messageId?: string;
  delivery?: string;
}

export interface ComplaintReport {
  kind: "complaint";
  /** Original-Rcpt-To, or the To of the returned message, lower-cased; providers often leave both out. */
  recipient?: string;
  /** From the returned original's headers, when the report carries them. */
  messageId?: string;
  delivery?: string;
}

export type BounceReport = DeliveryStatusReport | ComplaintReport | { kind: "other" };

/** The fields of one block, by lower-cased name; a name may repeat (Reported-Uri, Original-Rcpt-To). */
export type FieldBlock = Map<string, string[]>;

/**
 * Header-style fields (RFC 5322's syntax, which RFC 3464 and 5965 reuse) as blocks separated by blank
 * lines: a delivery-status part is the per-message block followed by one block per recipient. A line that
 * begins with a space or a tab continues the field above it (folding); runs of white space become one space.
 */
export function parseFieldBlocks(text: string): FieldBlock[] {
  const blocks: FieldBlock[] = [];
  let fields: Array<[string, string]> = [];
  const close = () => {
    if (fields.length === 0) return;
    const block: FieldBlock = new Map();
    for (const [name, value] of fields) block.set(name, [...(block.get(name) ?? []), value.replace(/\s+/g, " ").trim()]);
    blocks.push(block);
    fields = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") {
      close();
    } else if (/^[ \t]/.test(line)) {
      const last = fields.at(-1);
      if (last) last[1] += ` ${line}`;
    } else {
      const colon = line.indexOf(":");
      if (colon > 0) fields.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1)]);
    }
  }
  close();
  return blocks;
}

const field = (block: FieldBlock | undefined, name: string): string | undefined => block?.get(name)?.[0] || undefined;

/** "rfc822; Reader@Example.com" or "<Reader@Example.com>" → "reader@example.com". */
export function addressOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const typed = /^[a-z0-9-]+\s*;(.*)$/i.exec(value);
  const address = (typed ? typed[1]! : value).trim();
  const bracketed = /<([^>]*)>/.exec(address);
  const bare = (bracketed ? bracketed[1]! : address).trim().toLowerCase();
  return bare.includes("@") ? bare : undefined;
}

/** The object without its undefined fields (optional fields are left out, not set to undefined). */
function present<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** The headers of the returned original (its whole source, or its headers alone), when the report carries it. */
function originalHeaders(attachments: Attachment[]): { messageId?: string; delivery?: string; to?: string } {
  const part = attachments.find((attachment) => /^(message\/(rfc822|global)|text\/rfc822-headers|message\/global-headers)$/i.test(attachment.contentType));
  if (!part) return {};
  const headers = parseFieldBlocks(part.content.toString("utf8").split(/\r?\n\r?\n/, 1)[0]!)[0];
  return present({ messageId: field(headers, "message-id"), delivery: field(headers, DELIVERY_HEADER.toLowerCase()), to: field(headers, "to") });
}

function deliveryStatus(part: Attachment, attachments: Attachment[]): BounceReport[] {
  const { messageId, delivery } = originalHeaders(attachments);
  // The first block is about the message (Reporting-MTA, Arrival-Date); the others each about one recipient.
  const recipients = parseFieldBlocks(part.content.toString("utf8")).slice(1);
  const reports = recipients.flatMap((block): DeliveryStatusReport[] => {
    const recipient = addressOf(field(block, "original-recipient")) ?? addressOf(field(block, "final-recipient"));
    if (!recipient) return [];
    const action = (field(block, "action") ?? "").toLowerCase();
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(field(block, "status") ?? "")?.[0] ?? "";
    const diagnostic = field(block, "diagnostic-code")?.slice(0, DIAGNOSTIC_LIMIT);
    return [{ kind: "bounce", recipient, action, status, hard: action === "failed" && status.startsWith("5"), ...present({ diagnostic, messageId, delivery }) }];
  });
  return reports.length > 0 ? reports : [{ kind: "other" }];
}

function complaint(part: Attachment, attachments: Attachment[]): BounceReport[] {
  const report = parseFieldBlocks(part.content.toString("utf8"))[0];
  // Only "abuse" (the reader's "this is spam") is a complaint; fraud, virus, not-spam and other reports are not.
  if (field(report, "feedback-type")?.toLowerCase() !== "abuse") return [{ kind: "other" }];
  const { messageId, delivery, to } = originalHeaders(attachments);
  const recipient = addressOf(field(report, "original-rcpt-to")) ?? addressOf(to);
  return [{ kind: "complaint", ...present({ recipient, messageId, delivery }) }];
}

/**
 * The reports one message carries: one per recipient of a delivery status notification, one for a
 * complaint, or `[{ kind: "other" }]`. A message that cannot be parsed is "other", never an error: one
 * broken message must not stop the mailbox being read.
 */
export async function parseBounceMessage(source: Buffer | string): Promise<BounceReport[]> {
  let attachments: Attachment[];
  try {
    // The report parts as attachments, the returned original unparsed; nothing rendered or hashed.
    ({ attachments } = await simpleParser(source, { keepDeliveryStatus: true, ignoreEmbedded: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, checksumAlgo: false }));
  } catch {
    return [{ kind: "other" }];
  }
  const part = (type: string) => attachments.find((attachment) => attachment.contentType.toLowerCase() === type);
  const status = part("message/delivery-status") ?? part("message/global-delivery-status");
  if (status) return deliveryStatus(status, attachments);
  const feedback = part("message/feedback-report");
  if (feedback) return complaint(feedback, attachments);
  return [{ kind: "other" }];
}
