/**
 * Which mailing-provider group a subscription's source puts the subscriber in. The provider
 * knows groups by id; ids are looked up by these names (provider-sync.server.ts).
 */
export const PROVIDER_GROUPS = {
  newsletter: "newsletter-subscribers",
  completeProfile: "complete-profile",
  blogReaders: "blog-readers",
  general: "general-subscribers",
} as const;

export type ProviderGroupName = (typeof PROVIDER_GROUPS)[keyof typeof PROVIDER_GROUPS];

export function providerGroupFor(source: string): ProviderGroupName {
  switch (source) {
    case "newsletter-section":
    case "footer-newsletter":
      return PROVIDER_GROUPS.newsletter;
    case "subscribe-page":
      return PROVIDER_GROUPS.completeProfile;
    case "blog-related":
      return PROVIDER_GROUPS.blogReaders;
    default:
      return PROVIDER_GROUPS.general;
  }
}

/**
 * The ids of the named groups among the provider's groups (names compared trimmed and
 * case-insensitively), and the names it does not have.
 */
export function groupIdsFor(names: readonly string[], groups: ReadonlyArray<{ id: string; name: string }>): { ids: string[]; missing: string[] } {
  const byName = new Map(groups.map((group) => [group.name.trim().toLowerCase(), group.id]));
  const ids: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const id = byName.get(name.trim().toLowerCase());
    if (id === undefined) missing.push(name);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, missing };
}
