/** The owner's public settings every page may need, given by the root loader beside the language. */
export interface SiteSettings {
  appUrl: string;
  supportUrl: string;
  purchaseUrl: string;
  /** False on a read-only deployment (ADMIN_ENABLED=false): every admin control is hidden. */
  adminEnabled: boolean;
}
