import type { Route } from "./+types/cart";
import { PageHeader } from "~/components/layout/page-header";
import { CartView } from "~/components/shop/cart-view";
import { useSiteSettings } from "~/components/site-settings";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { formatPrice } from "~/modules/shop/money";
import { listProducts } from "~/modules/shop/products.server";
import { requestContext } from "~/route-context.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const products = (await listProducts(context.get(requestContext).services.db, language))
    .filter((product) => !product.comingSoon)
    .map((product) => ({ slug: product.slug, title: product.title, image: product.image, priceCents: product.priceCents, price: formatPrice(product.priceCents, language) }));
  return { i18n: pageResourcesFor(language, ["shop"]), products };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "cart", { noindex: true });

export default function Cart({ loaderData, params }: Route.ComponentProps) {
  const language = languageOf(params);
  return (
    <>
      <PageHeader pageKey="cart" />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <CartView products={loaderData.products} purchaseUrl={useSiteSettings()?.purchaseUrl ?? null} formatTotal={(cents) => formatPrice(cents, language)} />
      </div>
    </>
  );
}
