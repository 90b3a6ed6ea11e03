import { LayoutGrid, List } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useSearchParams } from "react-router";
import { cn } from "~/components/lib/cn";
import { EpisodeItem } from "./episode-item";
import type { EpisodeView } from "./episode-view";
import { VIEW_PARAM, viewModeOf, type ViewMode } from "./view-mode";

const VIEW_ICONS = { grid: LayoutGrid, list: List } as const;

/**
 * The grid/list switch: a GET form, so without JavaScript it reloads the page with ?view=list; with it
 * the router changes the URL in place and the player keeps playing.
 */
function ViewSwitch({ view }: { view: ViewMode }) {
  const { t } = useTranslation("podcast");
  return (
    <Form method="get" preventScrollReset replace>
      <div role="group" aria-label={t("view.label")} className="inline-flex rounded-full border border-line bg-white p-1">
        {(["grid", "list"] as const).map((mode) => {
          const Icon = VIEW_ICONS[mode];
          const pressed = view === mode;
          return (
            <button
              key={mode}
              type="submit"
              name={VIEW_PARAM}
              value={mode}
              aria-pressed={pressed}
              className={cn(
                "inline-flex min-h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors",
                pressed ? "bg-forest-700 text-white" : "text-ink hover:bg-sand",
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`view.${mode}`)}
            </button>
          );
        })}
      </div>
    </Form>
  );
}

/** 'All Episodes': every episode as a grid of one, two or three columns by width, or as a list. */
export function EpisodeList({ episodes }: { episodes: EpisodeView[] }) {
  const { t } = useTranslation("podcast");
  const [searchParams] = useSearchParams();
  const view = viewModeOf(searchParams);
  return (
    <section aria-labelledby="all-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="all-title" className="text-3xl font-semibold">
            {t("all.title")}
          </h2>
          <p className="mt-1 text-muted">{t("all.count", { count: episodes.length })}</p>
        </div>
        <ViewSwitch view={view} />
      </div>
      {episodes.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
          <p className="text-xl font-semibold">{t("all.emptyTitle")}</p>
          <p className="mt-2 text-muted">{t("all.emptyText")}</p>
        </div>
      ) : (
        <ul data-view={view} className={view === "grid" ? "grid gap-6 sm:grid-cols-2 lg:grid-cols-3" : "flex flex-col gap-4"}>
          {episodes.map((episode) => (
            <li key={episode.id}>
              <EpisodeItem episode={episode} layout={view} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
