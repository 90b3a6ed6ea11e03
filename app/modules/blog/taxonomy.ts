/**
 * The blog's category groups and trending tags, as slugs. Labels are translated in the
 * `blog` namespace (`categories.<slug>`, `groups.<id>`, `tags.<slug>`).
 */
export const CATEGORY_GROUPS = [
  { id: "international-trade", categories: ["trade-networks", "diaspora-investments", "economic-policy"] },
  { id: "international-relations", categories: ["foreign-policy", "diplomacy", "diaspora-politics"] },
  { id: "other", categories: ["cultural-analysis", "historical-perspective", "diaspora-economics"] },
] as const;

export type CategorySlug = (typeof CATEGORY_GROUPS)[number]["categories"][number];

export const CATEGORIES: readonly CategorySlug[] = CATEGORY_GROUPS.flatMap((group) => group.categories);

export const TRENDING_TAGS = [
  "pan-africanism",
  "diaspora-investments",
  "trade-networks",
  "global-south",
  "decolonization",
  "mlk-legacy",
] as const;

export type TagSlug = (typeof TRENDING_TAGS)[number];

export function isCategory(value: unknown): value is CategorySlug {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

export function isTag(value: unknown): value is TagSlug {
  return typeof value === "string" && (TRENDING_TAGS as readonly string[]).includes(value);
}
