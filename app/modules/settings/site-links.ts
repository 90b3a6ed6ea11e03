import { webUrlOrNull } from "~/lib/web-url";
import type { SiteSettings } from "~/lib/site-settings";
import type { Settings } from "./settings.server";

/** The links every page may show (the footer's, the shop's), from the stored settings. */
export function siteLinksOf(settings: Settings): Pick<SiteSettings, "purchaseUrl" | "tipUrl" | "monthlyUrl" | "social"> {
  return {
    purchaseUrl: webUrlOrNull(settings["links.purchase"]),
    tipUrl: webUrlOrNull(settings["links.tip"]),
    monthlyUrl: webUrlOrNull(settings["links.monthly"]),
    social: {
      Facebook: webUrlOrNull(settings["social.facebook"]),
      Twitter: webUrlOrNull(settings["social.twitter"]),
      Instagram: webUrlOrNull(settings["social.instagram"]),
      YouTube: webUrlOrNull(settings["social.youtube"]),
    },
  };
}
