import { Readable } from "node:stream";
import type { Transporter } from "nodemailer";
import type MailMessage from "nodemailer/lib/mailer/mail-message";

/** What a message may ask of its sending: a step run once its last byte is ready and before the server can see its end. */
export interface EndHeldMail {
  /** See MailMessage.beforeEnd in ./mailer.server.ts. */
  beforeEnd?: () => Promise<void>;
}

/** The message as it leaves, with its end held until `beforeEnd` has finished. */
async function* endAfter(message: AsyncIterable<Buffer>, beforeEnd: () => Promise<void>) {
  yield* message;
  await beforeEnd();
}

/**
 * Holds each message's end (and so SMTP's final "." that makes the server accept it) until the message's
 * `beforeEnd` step has run, through nodemailer's "stream" plugin step. SMTP reads a message only once the
 * server took its sender and recipients; whatever `beforeEnd` records then happens before the server
 * accepts the mail, never after: a process that dies before the record leaves a message the server
 * drops, one that dies after it has sent the mail. `sign` is the DKIM signature, applied here, inside
 * the held message, rather than by the transport (which would read the whole message at once, before the
 * server said a word).
 */
export function holdEnds(transport: Transporter, sign?: (message: Readable) => Readable): void {
  transport.use("stream", (mail: MailMessage, done: (error?: Error | null) => void) => {
    const { beforeEnd } = mail.data as EndHeldMail;
    if (sign || beforeEnd) {
      mail.message.processFunc((input) => {
        const signed = sign ? sign(input) : input;
        return beforeEnd ? Readable.from(endAfter(signed, beforeEnd), { objectMode: false }) : signed;
      });
    }
    done();
  });
}
