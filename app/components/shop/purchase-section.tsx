import { Coffee, ExternalLink, HeartHandshake } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { useSiteSettings } from "~/components/site-settings";
import { AddToCartButton } from "./add-to-cart-button";

export const PURCHASE_ANCHOR = "purchase-section";

export interface PurchaseProps {
  slug: string;
  price: string;
  oldPrice: string | null;
  /** Whether the 'Limited Time Offer' badge shows (the owner's switch on /admin/settings). */
  limitedOffer: boolean;
}

/**
 * 'Get Your Copy': the price, the struck-through old price and the ways to buy or support, each link
 * the owner's (/admin/settings); a link the owner left empty hides its button.
 */
export function PurchaseSection({ slug, price, oldPrice, limitedOffer }: PurchaseProps) {
  const { t } = useTranslation("shop");
  const { purchaseUrl = null, tipUrl = null, monthlyUrl = null } = useSiteSettings() ?? {};
  return (
    <section id={PURCHASE_ANCHOR} aria-labelledby="purchase-title" className="scroll-mt-24 rounded-2xl bg-forest-900 p-6 text-white sm:p-10">
      <h2 id="purchase-title" className="text-3xl font-semibold text-white">
        {t("purchase.title")}
      </h2>
      {limitedOffer && <p className="mt-2 inline-flex rounded-full bg-gold-400 px-3 py-1 text-sm font-semibold text-ink">{t("purchase.offer")}</p>}
      {/* Wraps: in French, Spanish and Portuguese the prices read "19,99 $US" or "US$ 19,99", too wide for one line on a phone. */}
      <p className="mt-6 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="sr-only">{t("purchase.price")}</span>
        <span className="whitespace-nowrap font-serif text-5xl font-semibold text-white">{price}</span>
        {oldPrice && (
          <s className="whitespace-nowrap text-xl text-white/70">
            <span className="sr-only">{t("purchase.oldPrice", { price: oldPrice })}</span>
            <span aria-hidden="true">{oldPrice}</span>
          </s>
        )}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {purchaseUrl && (
          <a href={purchaseUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "accent", size: "lg" })}>
            {t("purchase.buy")}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("footer:opensInNewTab")}</span>
          </a>
        )}
        <div className="rounded-full bg-paper">
          <AddToCartButton slug={slug} />
        </div>
      </div>
      <p className="mt-8 text-white/85">{t("purchase.supportText")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {tipUrl && (
          <a href={tipUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "onDark" })}>
            <Coffee aria-hidden="true" className="size-4" />
            {t("purchase.coffee")}
          </a>
        )}
        {monthlyUrl && (
          <a href={monthlyUrl} target="_blank" rel="noopener" className={buttonClass({ variant: "onDark" })}>
            <HeartHandshake aria-hidden="true" className="size-4" />
            {t("purchase.monthly")}
          </a>
        )}
      </div>
    </section>
  );
}
