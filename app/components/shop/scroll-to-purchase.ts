import { PURCHASE_ANCHOR } from "./purchase-section";

/** How far to scroll when the purchase section is not on the page. */
export const FALLBACK_SCROLL_OFFSET = 800;

/** Scrolls to the purchase section, or 800 px down when it is missing. */
export function scrollToPurchase(event?: { preventDefault: () => void }): void {
  event?.preventDefault();
  const section = document.getElementById(PURCHASE_ANCHOR);
  if (section) section.scrollIntoView({ behavior: "smooth", block: "start" });
  else window.scrollTo({ top: FALLBACK_SCROLL_OFFSET, behavior: "smooth" });
}
