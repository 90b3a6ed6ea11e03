import { BookOpen, Check, PlayCircle } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { AdminAccessButton } from "~/components/admin/admin-access-button";
import type { Route } from "./+types/shop";
import { PURCHASE_ANCHOR, PurchaseSection } from "~/components/shop/purchase-section";
import { scrollToPurchase } from "~/components/shop/scroll-to-purchase";
import { buttonClass } from "~/components/ui/button-styles";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { formatPrice } from "~/modules/shop/money";
import { listProducts } from "~/modules/shop/products.server";
import { readSettings } from "~/modules/settings/settings.server";
import { actorOf } from "~/modules/audit/audit.server";
import { parseInput } from "~/lib/form-input";
import { retryAfterHeaders } from "~/lib/rate-limited";
import { answerRefusals, refused } from "~/lib/refusal";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { isValidAdminOperation } from "~/modules/accounts/admin-operation";
import { shopChangeSchema } from "~/modules/shop/shop-change-form";
import { changeShop } from "~/modules/shop/shop-change.server";
import { manageView, shopMedia, shownMedia } from "~/modules/shop/shop-view.server";
import { videoPath } from "~/modules/shop/video.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

// The admin's panels load only for the admin.
const BookAdminCard = lazy(() => import("~/components/shop/book-admin-card"));
const CoverPanels = lazy(() => import("~/components/shop/cover-panels"));

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(requestContext);
  const language = languageOf(params);
  const { db, now } = services;
  const [listed, access, stored, settings] = await Promise.all([
    listProducts(db, language),
    adminAccess(services, request, actorOf({ clientIp }, request)),
    shopMedia(services, now()),
    readSettings(db),
  ]);
  const media = shownMedia(stored, access.state === "admin");
  const products = listed.map((product) => ({
    ...product,
    price: formatPrice(product.priceCents, language),
    oldPrice: product.oldPriceCents === null ? null : formatPrice(product.oldPriceCents, language),
  }));
  const { shown, video, coverUrl } = media;
  return {
    i18n: pageResourcesFor(language, ["shop"], { admin: access.state === "admin" }),
    book: products.find((product) => product.kind === "book") ?? null,
    merch: products.filter((p) => p.kind === "merch"),
    published: shown ? { title: shown.title, author: shown.author, description: shown.description } : null,
    coverUrl,
    trailer: video?.published ? { url: videoPath(video.key), type: video.type } : null,
    limitedOffer: settings["shop.limitedOffer"] === "true",
    manage: access.state === "admin" ? manageView(services, media, access.actor, now()) : null,
  };
}

/** A rate-limited temporary cover says when to try again. */
export const headers = retryAfterHeaders;

/** The admin panels' changes (the e-book, the trailer, the covers): the admin in admin mode only. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { actor } = authorisedVisitor(context);
  const form = await request.formData();
  const change = parseInput(shopChangeSchema, form);
  // An unknown intent is a bad request; a known form with wrong fields is unprocessable.
  if (!change.ok) return refused(change.errors, { status: change.errors.intent ? 400 : 422 });
  // The temporary cover's form names the admin it was shown to (the admin-operation validation).
  const ownForm = isValidAdminOperation(form.get("operatorId"), actor.userId);
  return answerRefusals(() => changeShop(services, actor, change.value, ownForm, services.now()));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shop");

function List({ items }: { items: string[] }) {
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-forest-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const { book, merch, coverUrl, limitedOffer, published, manage, trailer } = loaderData;
  return (
    <>
      {manage && (
        <div className="border-b border-line bg-forest-100/40">
          <div className="mx-auto max-w-wide px-4 py-8 sm:px-6">
            <Suspense fallback={null}>
              <CoverPanels manage={manage} />
            </Suspense>
          </div>
        </div>
      )}
      <header className="border-b border-line bg-sand/60">
        <div className="mx-auto grid max-w-wide items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr]">
          <div>
            <h1 className="text-4xl font-semibold sm:text-5xl">{t("pages:shop.heading")}</h1>
            <p className="mt-6 text-sm font-semibold tracking-wide text-forest-700 uppercase">{t("hero.eyebrow")}</p>
            <h2 className="mt-2 text-3xl font-semibold">{published?.title ?? book?.title ?? t("hero.title")}</h2>
            {published && <p className="mt-2 text-lg font-semibold">{t("hero.byAuthor", { author: published.author })}</p>}
            <p className="mt-4 max-w-xl text-lg text-muted">{published?.description || t("hero.text")}</p>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <a href={`#${PURCHASE_ANCHOR}`} onClick={scrollToPurchase} className={buttonClass({ size: "lg" })}>
                {t("hero.cta")}
              </a>
              <AdminAccessButton />
            </div>
          </div>
          <div className="mx-auto w-full max-w-xs">
            {coverUrl ? (
              <img src={coverUrl} alt={t("cover.alt")} width={600} height={900} className="aspect-[2/3] w-full rounded-lg object-cover shadow-xl" />
            ) : (
              <div className="flex aspect-[2/3] w-full items-center justify-center rounded-lg border-2 border-dashed border-forest-700/40 bg-white p-6 text-center text-muted">
                {t("cover.placeholder")}
              </div>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto flex max-w-wide flex-col gap-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="text-3xl font-semibold">
            {t("details.title")}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <div className="rounded-2xl border border-line bg-white p-6">
              <h3 className="flex items-center gap-2 text-xl font-semibold">
                <BookOpen aria-hidden="true" className="size-5 text-forest-700" />
                {t("details.ebookTitle")}
              </h3>
              <List items={t("details.ebook", { returnObjects: true }) as string[]} />
            </div>
            <div className="rounded-2xl border border-line bg-white p-6">
              <h3 className="flex items-center gap-2 text-xl font-semibold">
                <PlayCircle aria-hidden="true" className="size-5 text-forest-700" />
                {t("details.courseTitle")}
              </h3>
              <List items={t("details.course", { returnObjects: true }) as string[]} />
            </div>
          </div>
        </section>

        {trailer && (
          <section aria-labelledby="trailer-title">
            <h2 id="trailer-title" className="text-3xl font-semibold">
              {t("trailer.title")}
            </h2>
            <video controls preload="metadata" className="mt-6 aspect-video w-full rounded-2xl bg-ink">
              <source src={trailer.url} type={trailer.type} />
            </video>
          </section>
        )}

        <section aria-labelledby="voices-title" className="rounded-2xl bg-sand p-8 text-center sm:p-12">
          <h2 id="voices-title" className="text-3xl font-semibold">
            {t("voices.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{t("voices.text")}</p>
          <a href={`#${PURCHASE_ANCHOR}`} onClick={scrollToPurchase} className={buttonClass({ className: "mt-6" })}>
            {t("voices.cta")}
          </a>
        </section>

        {book && <PurchaseSection slug={book.slug} price={book.price} oldPrice={book.oldPrice} limitedOffer={limitedOffer} />}

        {manage && (
          <Suspense fallback={null}>
            <BookAdminCard manage={manage} />
          </Suspense>
        )}

        <section aria-labelledby="merch-title">
          <h2 id="merch-title" className="text-3xl font-semibold">
            {t("merch.title")}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted">{t("merch.text")}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {merch.map((item) => (
              <li key={item.slug} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white">
                <img src={item.image} alt="" width={400} height={360} loading="lazy" className="aspect-[10/9] w-full object-cover" />
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <p className="text-sm font-semibold text-forest-700">{t(`merch.categories.${item.category}`)}</p>
                  <h3 className="text-lg font-semibold">{item.title}</h3>
                  <p className="flex-1 text-sm text-muted">{item.description}</p>
                  <p className="flex items-center justify-between">
                    <span className="font-semibold">{item.price}</span>
                    {item.comingSoon && <span className="rounded-full bg-gold-300/70 px-3 py-1 text-xs font-semibold">{t("merch.comingSoon")}</span>}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
