import type { Route } from "./+types/admin-settings";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { SettingsSections } from "~/components/admin/settings/settings-sections";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { plainObject, parseInput, type FieldErrors } from "~/lib/form-input";
import { answerRefusals, refused } from "~/lib/refusal";
import { APPLE_CATEGORIES } from "~/modules/settings/apple-categories";
import type { Actor } from "~/modules/audit/audit.server";
import { saveSettings, type SettingsValues } from "~/modules/settings/save-settings.server";
import { SECTION_SCHEMAS, sectionOf, type SettingsSection } from "~/modules/settings/settings-forms";
import { settingsFormValues } from "~/modules/settings/settings-view";
import { readSettings } from "~/modules/settings/settings.server";
import { pricesSchema } from "~/modules/shop/price-form";
import { artworkFileOf, artworkFormSchema } from "~/modules/podcast/show-artwork";
import { saveShowArtwork } from "~/modules/podcast/show-artwork.server";
import { priceFormValues, savePrices } from "~/modules/shop/prices.server";
import type { AppServices } from "~/adapters/context.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/** The owner's settings: promo figures, links, prices, social links, the podcast's platforms and show details. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard"], { admin: true });
  authorisedVisitor(context);
  const { db } = context.get(requestContext).services;
  const settings = await readSettings(db);
  const artworkKey = settings["podcast.artworkKey"];
  const view = {
    ...settingsFormValues(settings),
    prices: await priceFormValues(db, language, settings),
    categories: APPLE_CATEGORIES,
    artworkUrl: artworkKey ? `/podcast/artwork/${artworkFileOf(artworkKey)}` : null,
  };
  return { i18n, refused: null, view };
}

/**
 * One section's form (its `intent`): parsed by its schema, then saved with its audit row; a form
 * with any problem saves nothing and gets every problem by field, with what was sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = authorisedVisitor(context);
  const form = await request.formData().catch(() => null);
  const intent = sectionOf(form?.get("intent"));
  if (!form || !intent) return refused({ intent: "unknownIntent" }, { extra: { intent: null } });
  const { services } = context.get(requestContext);
  const extra = { intent };
  const values = Object.fromEntries(Object.entries(plainObject(form)).filter(([, value]) => typeof value === "string" || Array.isArray(value)));
  try {
    return await answerRefusals(
      async () => {
        const errors = await saveSection(services, actor, intent, form);
        return errors ? refused(errors, { status: 422, extra, values }) : { ok: true as const, intent };
      },
      { extra, values },
    );
  } catch (error) {
    services.logger.error({ err: error, intent }, "settings not saved");
    return refused({ form: "failed" }, { status: 500, extra });
  }
}

/** Parses and saves one section; its problems by field when the form has any (then nothing is saved). */
async function saveSection(
  services: AppServices,
  actor: Actor,
  section: SettingsSection,
  form: FormData,
): Promise<FieldErrors | null> {
  const now = services.now();
  if (section === "artwork") {
    const parsed = parseInput(artworkFormSchema, form);
    if (!parsed.ok) return parsed.errors;
    await saveShowArtwork(services, actor, parsed.value.uploadId, now);
    return null;
  }
  if (section === "prices") {
    const parsed = parseInput(pricesSchema, form);
    if (!parsed.ok) return parsed.errors;
    await savePrices(services, actor, parsed.value, now);
    return null;
  }
  const parsed = parseInput(SECTION_SCHEMAS[section], form);
  if (!parsed.ok) return parsed.errors;
  await saveSettings(services, actor, { section, value: parsed.value } as SettingsValues, now);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "settings");

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="settings" refused={refused}>
      {view && <SettingsSections view={view} actionData={actionData} />}
    </AdminPage>
  );
}
