/** The footer's social platforms, in the order their buttons show. */
export const SOCIAL_PLATFORMS = ["Facebook", "Twitter", "Instagram", "YouTube"] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The owner's public settings every page may need, given by the root loader beside the language. */
export interface SiteSettings {
  appUrl: string;
  /** Where 'Buy' sends a reader; the tip jar ('Buy a Coffee', 'Support Our Work') and monthly support. Null hides the button. */
  purchaseUrl: string | null;
  tipUrl: string | null;
  monthlyUrl: string | null;
  /** Each social button's page; null opens the 'Coming Soon' overlay. */
  social: Record<SocialPlatform, string | null>;
  /** False on a read-only deployment (ADMIN_ENABLED=false): every admin control is hidden. */
  adminEnabled: boolean;
}
