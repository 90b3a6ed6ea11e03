import type { AppServices } from "~/adapters/context.server";
import type { Db } from "~/adapters/db/database.server";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import type { z } from "~/lib/zod";
import type { SECTION_SCHEMAS } from "./settings-forms";
import { writeSettings, type Settings } from "./settings.server";

type Services = Pick<AppServices, "db" | "pageChanges" | "logger">;
export type SettingsValues = {
  [Section in keyof typeof SECTION_SCHEMAS]: {
    section: Section;
    value: z.output<(typeof SECTION_SCHEMAS)[Section]>;
  };
}[keyof typeof SECTION_SCHEMAS];

/** A section's parsed form as the settings it stores. */
export function settingsOf(values: SettingsValues): Partial<Settings> {
  switch (values.section) {
    case "numbers":
      return {
        "promo.movements": values.value.movements,
        "promo.countries": values.value.countries,
        "newsletter.subscriberClaim": values.value.subscriberClaim,
      };
    case "links":
      return {
        "links.purchase": values.value.purchaseUrl,
        "links.tip": values.value.tipUrl,
        "links.monthly": values.value.monthlyUrl,
      };
    case "social":
      return {
        "social.facebook": values.value.facebook,
        "social.twitter": values.value.twitter,
        "social.instagram": values.value.instagram,
        "social.youtube": values.value.youtube,
      };
    case "platforms":
      // An old Google Podcasts link is shown among the others on the page, so it is saved with them.
      return {
        "podcast.appleUrl": values.value.apple,
        "podcast.spotifyUrl": values.value.spotify,
        "podcast.youtubeMusicUrl": values.value.youtubeMusic,
        "podcast.googleUrl": "",
        "podcast.otherLinks": JSON.stringify(values.value.others),
      };
    case "show":
      return {
        "podcast.title": values.value.title,
        "podcast.author": values.value.author,
        "podcast.ownerEmail": values.value.ownerEmail,
        "podcast.category": values.value.category,
        "podcast.explicit": String(values.value.explicit),
        "podcast.hostBio": values.value.hostBio,
      };
    case "newsletter":
      return {
        "newsletter.senderLine": values.value.senderLine,
        "newsletter.postalAddress": values.value.postalAddress,
        "newsletter.countClicks": String(values.value.countClicks),
      };
  }
}

/**
 * Stores settings and their audit row (`update_settings`, the section and the keys that changed) in
 * one transaction, then tells every process's page cache: the footer shows the links on every page.
 */
export async function storeSettings(
  services: Services,
  actor: Actor,
  section: string,
  values: Partial<Settings>,
  now: Date,
  extra?: (trx: Db) => Promise<string[]>,
): Promise<string[]> {
  const changed = await services.db.transaction().execute(async (trx) => {
    const keys: string[] = await writeSettings(trx, values, now);
    if (extra) keys.push(...(await extra(trx)));
    await recordAudit(
      trx,
      actor,
      {
        action: "update_settings",
        resource: `settings/${section}`,
        details: { section, changed: keys },
      },
      now,
    );
    return keys;
  });
  await services.pageChanges.changed(["settings"], now);
  return changed;
}

/** Saves one section of the settings page. */
export function saveSettings(services: Services, actor: Actor, values: SettingsValues, now: Date): Promise<string[]> {
  return storeSettings(services, actor, values.section, settingsOf(values), now);
}

