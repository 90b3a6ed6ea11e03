import { z } from "~/lib/zod";
import { checkboxField, lineField, listField, trimmedField } from "~/lib/form-input";
import { APPLE_CATEGORIES } from "./apple-categories";
import { countField, emailField, httpsUrlField, isHttpsUrl, shortLineField, atMost, MAX_URL_LENGTH } from "./setting-fields";

/** The owner's settings page, one form per section; each form names its section in `intent`. */
export const SETTINGS_SECTIONS = ["numbers", "links", "prices", "social", "platforms", "show", "artwork", "newsletter"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SHOW_LIMITS = {
  title: 200,
  author: 200,
  hostBio: 4000,
  otherName: 40,
  others: 6,
} as const;

/** The home page's promo figures and the newsletter's subscriber claim. */
export const numbersSchema = z.object({
  movements: countField(),
  countries: countField(),
  subscriberClaim: countField(),
});

/** Where 'Buy' goes (required: the shop's main button), the tip jar and monthly support (empty hides its button). */
export const linksSchema = z.object({
  purchaseUrl: httpsUrlField({ required: true }),
  tipUrl: httpsUrlField(),
  monthlyUrl: httpsUrlField(),
});

/** The footer's four social links; an empty one keeps its 'Coming Soon' overlay. */
export const socialSchema = z.object({
  facebook: httpsUrlField(),
  twitter: httpsUrlField(),
  instagram: httpsUrlField(),
  youtube: httpsUrlField(),
});

export interface OtherPlatform {
  name: string;
  url: string;
}

/**
 * The podcast's platform pages, and other platforms the owner adds as rows of name and link (sent as
 * repeated otherName/otherUrl fields; a row left empty is dropped). A row's problem is under `other<i>`.
 */
export const platformsSchema = z
  .object({
    apple: httpsUrlField(),
    spotify: httpsUrlField(),
    youtubeMusic: httpsUrlField(),
    otherName: listField(),
    otherUrl: listField(),
  })
  .transform((value, context) => {
    const others: OtherPlatform[] = [];
    const rows = Math.max(value.otherName.length, value.otherUrl.length);
    for (let index = 0; index < rows; index++) {
      const name = (value.otherName[index] ?? "").trim().replace(/\s+/g, " ");
      const url = (value.otherUrl[index] ?? "").trim();
      if (!name && !url) continue;
      const problem = !name
        ? "nameRequired"
        : !atMost(SHOW_LIMITS.otherName)(name)
          ? "tooLong"
          : !url
            ? "required"
            : url.length > MAX_URL_LENGTH
              ? "tooLong"
              : !isHttpsUrl(url)
                ? "httpsUrl"
                : null;
      if (problem)
        context.addIssue({
          code: "custom",
          message: problem,
          path: [`other${index}`],
        });
      else others.push({ name, url });
    }
    if (others.length > SHOW_LIMITS.others)
      context.addIssue({
        code: "custom",
        message: "tooMany",
        path: ["others"],
      });
    return {
      apple: value.apple,
      spotify: value.spotify,
      youtubeMusic: value.youtubeMusic,
      others,
    };
  });

/** The show as podcast apps read it from the feed; empty title, author and e-mail fall back to the site's own. */
export const showSchema = z.object({
  title: shortLineField(SHOW_LIMITS.title),
  author: shortLineField(SHOW_LIMITS.author),
  ownerEmail: emailField(),
  category: lineField().refine((value) => (APPLE_CATEGORIES as readonly string[]).includes(value), "category"),
  explicit: checkboxField(),
  hostBio: trimmedField().refine(atMost(SHOW_LIMITS.hostBio), "tooLong"),
});

/** The newsletter issues' footer: who sends them, and the postal address bulk-mail rules ask for (several lines). */
export const NEWSLETTER_FOOTER_LIMITS = { senderLine: 200, postalAddress: 500 } as const;
export const newsletterSchema = z.object({
  senderLine: shortLineField(NEWSLETTER_FOOTER_LIMITS.senderLine),
  postalAddress: trimmedField().refine(atMost(NEWSLETTER_FOOTER_LIMITS.postalAddress), "tooLong"),
  countClicks: checkboxField(),
});

export const SECTION_SCHEMAS = {
  numbers: numbersSchema,
  links: linksSchema,
  social: socialSchema,
  platforms: platformsSchema,
  show: showSchema,
  newsletter: newsletterSchema,
} as const;

/** The `intent` of a posted form, when it names a section. */
export function sectionOf(intent: unknown): SettingsSection | null {
  return SETTINGS_SECTIONS.find((section) => section === intent) ?? null;
}

/** A section's answer: saved, or its problems by field with the values sent (shown again without JavaScript). */
export type SettingsAnswer =
  | { ok: true; intent: SettingsSection }
  | {
      ok: false;
      intent: SettingsSection | null;
      errors: Partial<Record<string, string>>;
      values?: Record<string, unknown>;
    };
