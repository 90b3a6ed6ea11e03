import { describe, expect, it } from "vitest";
import { classifySmtpError, MailRefused, MailServerUnavailable } from "./smtp-errors";

/** An error shaped as nodemailer gives it. */
const smtpError = (fields: { code?: string; command?: string; responseCode?: number }) => Object.assign(new Error("Message failed"), fields);

describe("SMTP failures", () => {
  it("treats a 5xx to the sender, a recipient or the content as a refusal of this message for good", () => {
    for (const command of ["MAIL FROM", "RCPT TO", "DATA"]) {
      const error = classifySmtpError(smtpError({ code: "EENVELOPE", command, responseCode: 550 }));
      expect(error).toBeInstanceOf(MailRefused);
      expect((error as Error).cause).toMatchObject({ responseCode: 550 });
    }
    expect(classifySmtpError(smtpError({ code: "EMESSAGE", command: "DATA", responseCode: 554 }))).toBeInstanceOf(MailRefused);
  });

  it("treats an unreachable, silent or closing server, and a refused login, as the server being unavailable", () => {
    for (const code of ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EPROTOCOL"]) {
      expect(classifySmtpError(smtpError({ code, command: "CONN" }))).toBeInstanceOf(MailServerUnavailable);
    }
    expect(classifySmtpError(smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 421 }))).toBeInstanceOf(MailServerUnavailable);
    // A 5xx outside a message's commands (a bad login, a greeting that refuses) is a setting to fix, not this mail's fault.
    expect(classifySmtpError(smtpError({ code: "EAUTH", command: "AUTH PLAIN", responseCode: 535 }))).toBeInstanceOf(MailServerUnavailable);
    expect(classifySmtpError(smtpError({ code: "EPROTOCOL", command: "CONN", responseCode: 554 }))).toBeInstanceOf(MailServerUnavailable);
  });

  it("leaves a temporary failure of one message (4xx) as it is, to be retried", () => {
    const busy = smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 451 });
    expect(classifySmtpError(busy)).toBe(busy);
    expect(classifySmtpError("not an error")).toBe("not an error");
  });
});
