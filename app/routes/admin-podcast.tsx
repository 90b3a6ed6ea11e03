import { data } from "react-router";
import type { Route } from "./+types/admin-podcast";
import { adminPageMeta } from "~/components/admin/admin-meta";
import { AdminPage } from "~/components/admin/admin-page";
import { ListensView } from "~/components/admin/listens/listens-view";
import { formatDate, formatShortDay } from "~/i18n/format";
import { languageOf } from "~/i18n/languages";
import { pageResourcesFor } from "~/i18n/resources.server";
import { firstProblem, parseInput } from "~/lib/form-input";
import { LISTEN_PERIODS, LISTENS_QUERY_ERRORS, listenPeriodSchema } from "~/modules/podcast/listen-period";
import { listenReport } from "~/modules/podcast/listen-report.server";
import { authorisedVisitor, requestContext } from "~/route-context.server";

/**
 * Podcast listens: per day (a chart and its table) and per app, of all episodes or one (`?episode=`),
 * and per episode, for the last 30 or 90 days (`?days=`). Another period or an unknown episode is a 400
 * with all episodes of the last 30 days shown. Reading it changes nothing.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const language = languageOf(params);
  const i18n = pageResourcesFor(language, ["dashboard", "listens"]);
  authorisedVisitor(context);
  const parsed = parseInput(listenPeriodSchema, new URL(request.url).searchParams);
  const period = parsed.ok ? parsed.value.days : LISTEN_PERIODS[0];
  const episode = parsed.ok ? parsed.value.episode : "";
  const report = await listenReport(services.db, language, services.now(), period, episode);
  const error = parsed.ok ? (episode && !report.episode ? "unknownEpisode" : null) : (firstProblem(parsed.errors, LISTENS_QUERY_ERRORS) ?? "invalidPeriod");
  const days = report.days.map((day) => ({ ...day, full: formatDate(day.day, language), short: formatShortDay(day.day, language) }));
  const view = {
    period,
    error,
    report: { ...report, days, from: formatDate(report.window.from, language), to: formatDate(report.window.to, language) },
  };
  return data({ i18n, refused: null, view }, { status: error ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminPageMeta(matches, loaderData?.i18n, "podcastListens");

export default function AdminPodcast({ loaderData }: Route.ComponentProps) {
  const { refused, view } = loaderData;
  return (
    <AdminPage titleKey="podcastListens" refused={refused}>
      {view && <ListensView {...view} />}
    </AdminPage>
  );
}
