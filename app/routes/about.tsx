import { ChevronDown } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/about";
import { CommentForm } from "~/components/about/comment-form";
import { RegionCarousel } from "~/components/about/region-carousel";
import { buttonClass } from "~/components/ui/button-styles";
import { Tabs } from "~/components/ui/tabs";
import { formatDate } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { echoedValues } from "~/lib/echoed-values";
import { networkKey } from "~/lib/network";
import { retryAfterHeaders, tooManyAttempts } from "~/lib/rate-limited";
import { useLocalize } from "~/i18n/root-data";
import { parseInput } from "~/lib/form-input";
import { refused } from "~/lib/refusal";
import { commentSchema } from "~/modules/comments/comment-form";
import { addPendingComment, approvedComments } from "~/modules/comments/comments.server";
import { COMMENT_LIMITS } from "~/modules/comments/limits";
import { consume, LIMITS } from "~/modules/rate-limit/rate-limit.server";
import { requestContext } from "~/route-context.server";

const PAGE = "about";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const comments = await approvedComments(context.get(requestContext).services.db, PAGE);
  return {
    i18n: pageResourcesFor(language, ["about"]), comments: comments.map((comment) => ({ ...comment, date: formatDate(comment.createdAt, language) })) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(requestContext);
  const form = await request.formData();
  const values = echoedValues(Object.fromEntries(form), { name: COMMENT_LIMITS.name, comment: COMMENT_LIMITS.body });
  const checked = parseInput(commentSchema, form);
  if (!checked.ok) return refused(checked.errors, { values });
  const { db } = services;
  const now = services.now();
  const limit = await consume(db, LIMITS.commentPerAddress, networkKey(clientIp), now);
  if (!limit.allowed) return tooManyAttempts(values, limit.retryAfterSeconds);
  await addPendingComment(db, PAGE, checked.value, languageOf(params), now);
  return { ok: true };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "about");

const REGIONS = ["brazil", "caribbean", "colombia"] as const;
const THEMES = ["identity", "resistance", "policy"] as const;
const TABS = ["mission", "vision", "approach"] as const;

function Accordion({ title, items }: { title: string; items: readonly string[] }) {
  const { t } = useTranslation("about");
  return (
    <div>
      <h3 className="mb-3 text-xl font-semibold">{title}</h3>
      <div className="divide-y divide-line rounded-2xl border border-line bg-white">
        {items.map((item) => (
          <details key={item} className="group">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-5 py-3 font-semibold [&::-webkit-details-marker]:hidden">
              {t(`regions.${item}.title`)}
              <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-4 text-muted">{t(`regions.${item}.text`)}</p>
          </details>
        ))}
      </div>
    </div>
  );
}

export default function About({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const localize = useLocalize();
  return (
    <>
      <section className="bg-forest-900 text-white">
        <div className="mx-auto max-w-wide px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t("hero.eyebrow")}</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold text-white sm:text-5xl">{t("pages:about.heading")}</h1>
          <p className="mt-4 max-w-3xl font-serif text-2xl text-white">{t("hero.title")}</p>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{t("hero.text")}</p>
        </div>
      </section>

      <div className="mx-auto flex max-w-wide flex-col gap-16 px-4 py-14 sm:px-6">
        <section aria-labelledby="founder-title" className="grid gap-8 md:grid-cols-[1fr_2fr] md:items-center">
          <img src="/images/figures/fallback.svg" alt="" width={320} height={320} className="mx-auto w-48 rounded-full md:w-64" />
          <div>
            <h2 id="founder-title" className="text-3xl font-semibold">
              {t("founder.title")}
            </h2>
            <p className="mt-4 text-lg">{t("founder.text")}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={localize("/contact")} className={buttonClass()}>
                {t("founder.contact")}
              </Link>
              <Link to={localize("/blog")} className={buttonClass({ variant: "outline" })}>
                {t("founder.blog")}
              </Link>
            </div>
          </div>
        </section>

        <Tabs
          tabs={TABS}
          label={t("tabs.label")}
          title={(tab) => t(`tabs.${tab}`)}
          panel={(tab) => t(`tabs.${tab}Text`)}
          className="rounded-2xl border border-line bg-white p-6 sm:p-8"
          listClassName="flex flex-wrap gap-2 border-b border-line pb-4"
          tabClassName="min-h-11 rounded-full px-5 font-semibold text-ink hover:bg-sand data-[state=active]:bg-forest-700 data-[state=active]:text-white"
          panelClassName="pt-6 text-lg"
        />

        <section aria-labelledby="regions-title" className="flex flex-col gap-8">
          <div>
            <h2 id="regions-title" className="text-3xl font-semibold">
              {t("regions.title")}
            </h2>
            <p className="mt-3 max-w-3xl text-lg text-muted">{t("regions.text")}</p>
          </div>
          <RegionCarousel />
          <div className="grid gap-8 md:grid-cols-2">
            <Accordion title={t("regions.regionsTitle")} items={REGIONS} />
            <Accordion title={t("regions.themesTitle")} items={THEMES} />
          </div>
        </section>

        <section aria-labelledby="comments-title" className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="comments-title" className="text-3xl font-semibold">
              {t("comments.title")}
            </h2>
            <p className="mt-2 mb-6 text-muted">{t("comments.intro")}</p>
            <CommentForm result={actionData} />
          </div>
          <div>
            <h3 className="text-2xl font-semibold">{t("comments.approvedTitle")}</h3>
            {loaderData.comments.length === 0 ? (
              <p className="mt-4 text-muted">{t("comments.none")}</p>
            ) : (
              <ul className="mt-4 flex flex-col gap-4">
                {loaderData.comments.map((comment) => (
                  <li key={comment.id} className="rounded-xl border border-line bg-white p-4">
                    <p className="font-semibold">{comment.name}</p>
                    <p className="text-sm text-muted">{comment.date}</p>
                    <p className="mt-2 whitespace-pre-line">{comment.body}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <section aria-labelledby="community-title" className="rounded-2xl bg-sand p-8 text-center sm:p-12">
          <h2 id="community-title" className="text-3xl font-semibold">
            {t("community.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{t("community.text")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={localize("/subscribe")} className={buttonClass()}>
              {t("community.subscribe")}
            </Link>
            <Link to={localize("/contact")} className={buttonClass({ variant: "outline" })}>
              {t("community.contact")}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
