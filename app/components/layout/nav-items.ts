import { cn } from "~/components/lib/cn";

/** The header and footer links, as English paths (see `app/i18n/paths.ts`) with the i18n key of their label. */
export interface NavItem {
  path: string;
  labelKey: string;
}

export const HEADER_LINKS: NavItem[] = [
  { path: "/", labelKey: "nav:home" },
  { path: "/blog", labelKey: "nav:blog" },
  { path: "/podcast", labelKey: "nav:podcast" },
  { path: "/shop", labelKey: "nav:shop" },
  { path: "/about", labelKey: "nav:about" },
  { path: "/updates", labelKey: "nav:updates" },
];

export const FOOTER_QUICK_LINKS: NavItem[] = [
  { path: "/", labelKey: "nav:home" },
  { path: "/about", labelKey: "nav:about" },
  { path: "/contact", labelKey: "nav:contact" },
  { path: "/updates", labelKey: "nav:updates" },
];

/** The platform links, in the order the footer shows them. */
export const FOOTER_PLATFORM_LINKS: NavItem[] = [
  { path: "/blog", labelKey: "nav:blog" },
  { path: "/podcast", labelKey: "nav:podcast" },
  { path: "/shop", labelKey: "nav:shop" },
  { path: "/about", labelKey: "nav:about" },
  { path: "/subscribe", labelKey: "nav:subscribe" },
  { path: "/discourse-labs", labelKey: "nav:discourseLabs" },
  { path: "/unfiltered-dialogues", labelKey: "nav:unfilteredDialogues" },
  { path: "/resources", labelKey: "nav:resources" },
  { path: "/updates", labelKey: "nav:updates" },
  { path: "/cart", labelKey: "nav:cart" },
];

export { SOCIAL_PLATFORMS, type SocialPlatform } from "~/lib/site-settings";

/** A header link: the current page is filled in green. */
export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "rounded-full px-3 py-2 text-[0.95rem] font-medium transition-colors",
    isActive ? "bg-forest-700 text-white" : "text-ink hover:bg-sand",
  );
}
