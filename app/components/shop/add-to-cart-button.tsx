import { ShoppingCart } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { showToast } from "~/components/ui/toast";
import { useLocalize } from "~/i18n/root-data";
import { addToCart } from "./cart-changes";
import { useHydrated } from "~/components/lib/use-hydrated";

/** Adds a product that is on sale to the browser's cart and says so in a toast. */
export function AddToCartButton({ slug }: { slug: string }) {
  const { t } = useTranslation("shop");
  const localize = useLocalize();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => {
        addToCart(slug);
        void showToast("success", t("purchase.added"), {
          action: <Link to={localize("/cart")} className="font-semibold underline">{t("purchase.viewCart")}</Link>,
        });
      }}
      className={buttonClass({ variant: "outline", size: "lg" })}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {t("purchase.addToCart")}
    </button>
  );
}
