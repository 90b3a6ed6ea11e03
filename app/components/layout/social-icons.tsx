import type { SocialPlatform } from "./nav-items";

/**
 * A platform's simple drawn mark (the icon set has no brand logos), in the text colour. Drawn in
 * app.css (`.social-mark-<platform>`), so it adds nothing to the page's JavaScript.
 */
export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  return <span aria-hidden="true" className={`social-mark social-mark-${platform.toLowerCase()}`} />;
}
