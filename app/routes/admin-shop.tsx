import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/admin-shop";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { languageOf } from "~/i18n/languages";
import { useLocalize } from "~/i18n/root-data";
import { pageResourcesFor } from "~/i18n/resources.server";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { manageView, shopMedia, shownMedia } from "~/modules/shop/shop-view.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

const BookAdminCard = lazy(() => import("~/components/shop/book-admin-card"));
const CoverPanels = lazy(() => import("~/components/shop/cover-panels"));

/** The shop's tools on the dashboard: the same covers, e-book and trailer as on /shop, for the admin in admin mode. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const i18n = pageResourcesFor(languageOf(params), ["dashboard", "shop"], { admin: true });
  const { actor } = authorisedVisitor(context);
  const now = services.now();
  const media = shownMedia(await shopMedia(services, now), true);
  return { i18n, refused: null, view: manageView(services, media, actor, now) };
}

/** The same action as the shop page's 'Admin Content Management' card. */
export { action } from "./shop";

export const headers: Route.HeadersFunction = retryAfterHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "shopMedia");

/** The cover visitors see now, small, with the way to the shop page. */
function ShownCover({ url }: { url: string | null }) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  return (
    <div className="flex flex-wrap items-center gap-5 rounded-2xl border border-line bg-white p-5">
      {url ? (
        <img src={url} alt={t("shop:cover.alt")} width={96} height={144} className="aspect-[2/3] w-24 rounded-md object-cover shadow" />
      ) : (
        <div className="flex aspect-[2/3] w-24 items-center justify-center rounded-md border-2 border-dashed border-forest-700/40 p-2 text-center text-xs text-muted">{t("shopMedia.noCover")}</div>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t("shopMedia.shownCover")}</p>
        <Link to={localize("/shop")} className="mt-2 inline-flex min-h-11 items-center font-semibold text-forest-700 underline underline-offset-4">
          {t("shopMedia.viewShop")}
        </Link>
      </div>
    </div>
  );
}

export default function AdminShop({ loaderData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="shopMedia" refused={refused}>
      {view && (
        <div className="flex flex-col gap-8">
          <ShownCover url={view.coverUrl} />
          <Suspense fallback={null}>
            <CoverPanels manage={view} />
            <BookAdminCard manage={view} />
          </Suspense>
        </div>
      )}
    </AdminPage>
  );
}
