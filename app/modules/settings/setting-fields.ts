import { z } from "~/lib/zod";
import { lineField } from "~/lib/form-input";

/**
 * The owner's values as the settings forms read them. Each refusal is a problem key the page
 * translates: "required", "httpsUrl", "tooLong", "wholeNumber", "email". Each is one line (`lineField`):
 * no control character reaches the podcast feed or a page.
 */
export const MAX_URL_LENGTH = 500;

/** Whether `text` is an absolute https address with a host (the only kind the site links out to). */
export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An https link; empty is allowed unless `required`, and stored as "". */
export const httpsUrlField = ({ required = false } = {}) =>
  lineField().superRefine((value, context) => {
    if (!value) {
      if (required) context.addIssue({ code: "custom", message: "required" });
      return;
    }
    if (value.length > MAX_URL_LENGTH) context.addIssue({ code: "custom", message: "tooLong" });
    else if (!isHttpsUrl(value)) context.addIssue({ code: "custom", message: "httpsUrl" });
  });

/** A count shown to readers (230, 57, 500): a whole number from 0 to 999,999,999, stored without leading zeros. */
export const countField = () =>
  lineField()
    .refine((value) => /^\d{1,9}$/.test(value), "wholeNumber")
    .transform((value) => String(Number(value)));

/** Length in characters, as a reader counts them, not in UTF-16 units. */
export const atMost = (max: number) => (value: string) => [...value].length <= max;

/** A one-line text of at most `max` characters, trimmed, runs of spaces made one. */
export const shortLineField = (max: number) =>
  lineField()
    .transform((value) => value.replace(/\s+/g, " "))
    .refine(atMost(max), "tooLong");

/** An e-mail address, or empty. */
export const emailField = () => lineField().refine((value) => value === "" || (value.length <= 254 && z.email().safeParse(value).success), "email");
