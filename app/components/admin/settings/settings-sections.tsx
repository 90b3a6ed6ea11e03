import type { PriceFormValues } from "~/modules/shop/prices.server";
import type { SettingsFormValues } from "~/modules/settings/settings-view";
import { ArtworkForm } from "./artwork-form";
import { PlatformsSection } from "./platforms-section";
import { PricesSection } from "./prices-section";
import { ShowSection } from "./show-section";
import { LinksSection, NewsletterSection, NumbersSection, SocialSection } from "./simple-sections";

export type SettingsView = SettingsFormValues & {
  prices: PriceFormValues;
  categories: readonly string[];
  artworkUrl: string | null;
};

/** The settings page's sections, one form each; `actionData` is the answer to a form posted without JavaScript. */
export function SettingsSections({ view, actionData }: { view: SettingsView; actionData: unknown }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <NumbersSection values={view.numbers} fallback={actionData} />
      <LinksSection values={view.links} fallback={actionData} />
      <PricesSection values={view.prices} fallback={actionData} />
      <SocialSection values={view.social} fallback={actionData} />
      <PlatformsSection values={view.platforms} fallback={actionData} />
      <ShowSection values={view.show} categories={view.categories} fallback={actionData} />
      <NewsletterSection values={view.newsletter} fallback={actionData} />
      <ArtworkForm artworkUrl={view.artworkUrl} />
    </div>
  );
}
