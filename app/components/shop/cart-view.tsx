import { ExternalLink, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import type { Product } from "~/modules/shop/products.server";
import { keepOnly, removeFromCart, setQuantity } from "./cart-changes";
import { useHydrated } from "~/components/lib/use-hydrated";
import { MAX_QUANTITY, useCart } from "./cart-store";

/** A product as the cart lists it, with its price written for the reader. */
export type CartProduct = Pick<Product, "slug" | "title" | "image" | "priceCents"> & { price: string };

/**
 * The items in the browser's cart, priced from the catalogue the server sent. Items the shop no
 * longer sells (or that are only coming soon) are left out.
 */
export function CartView({ products, purchaseUrl, formatTotal }: { products: CartProduct[]; purchaseUrl: string | null; formatTotal: (cents: number) => string }) {
  const { t } = useTranslation("shop");
  const localize = useLocalize();
  const hydrated = useHydrated();
  useEffect(() => keepOnly(products.map((product) => product.slug)), [products]);
  const lines = useCart()
    .map((line) => ({ ...line, product: products.find((product) => product.slug === line.slug) }))
    .filter((line): line is typeof line & { product: CartProduct } => Boolean(line.product));
  if (!hydrated) return <p className="text-muted">{t("cart.loading")}</p>;
  if (lines.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
        <p className="text-xl font-semibold">{t("cart.empty")}</p>
        <p className="mt-2 text-muted">{t("cart.emptyText")}</p>
        <Link to={localize("/shop")} className={buttonClass({ className: "mt-6" })}>
          {t("cart.browse")}
        </Link>
      </div>
    );
  }
  const totalCents = lines.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4" aria-label={t("cart.item")}>
        {lines.map(({ slug, quantity, product }) => (
          <li key={slug} className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-white p-4">
            <img src={product.image} alt="" width={96} height={86} className="h-20 w-22 rounded-lg object-cover" />
            <div className="min-w-40 flex-1">
              <p className="font-semibold">{product.title}</p>
              <p className="text-sm text-muted">
                {t("cart.unitPrice")}: {product.price}
              </p>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <span className="sr-only">{t("cart.quantityOf", { title: product.title })}</span>
              <input
                type="number"
                min={1}
                max={MAX_QUANTITY}
                value={quantity}
                onChange={(event) => setQuantity(slug, Number(event.target.value))}
                className="min-h-11 w-20 rounded-lg border border-line px-3 text-base"
              />
            </label>
            <p className="w-24 text-right font-semibold" aria-label={t("cart.lineTotal")}>
              {formatTotal(product.priceCents * quantity)}
            </p>
            <button
              type="button"
              onClick={() => removeFromCart(slug)}
              aria-label={t("cart.remove", { title: product.title })}
              className="inline-flex size-11 items-center justify-center rounded-full text-alert hover:bg-sand"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-end gap-3 border-t border-line pt-6">
        <p className="text-2xl font-semibold">
          {t("cart.total")}: <output>{formatTotal(totalCents)}</output>
        </p>
        {purchaseUrl && (
          <a href={purchaseUrl} target="_blank" rel="noopener" className={buttonClass({ size: "lg" })}>
            {t("cart.checkout")}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        )}
        <p className="text-sm text-muted">{t("cart.checkoutNote")}</p>
      </div>
    </div>
  );
}
