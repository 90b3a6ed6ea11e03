import { Headphones, Music2, Podcast, Rss, type LucideIcon, PlayCircle } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import type { PlatformLink } from "~/modules/settings/podcast-platforms";

const ICONS: Record<PlatformLink["key"], LucideIcon> = { apple: Podcast, spotify: Music2, youtubeMusic: PlayCircle, other: Headphones };

const tileClass = "flex h-full min-h-20 items-center gap-4 rounded-2xl border px-5 py-4";

function Tile({ icon: Icon, name, hint, href }: { icon: LucideIcon; name: string; hint: string; href: string | null }) {
  const body = (
    <>
      <Icon aria-hidden="true" className="size-7 shrink-0" />
      <span className="flex flex-col leading-tight">
        <span className="font-semibold">{name}</span>
        <span className="mt-1 text-sm opacity-80">{hint}</span>
      </span>
    </>
  );
  if (!href) return <div className={`${tileClass} border-white/20 text-white/85`}>{body}</div>;
  return (
    <a href={href} className={`${tileClass} border-white/40 bg-white/10 text-white transition-colors hover:bg-white/20`} {...(href.startsWith("/") ? {} : { target: "_blank", rel: "noopener" })}>
      {body}
    </a>
  );
}

/**
 * 'Follow Everywhere': Apple Podcasts, Spotify and YouTube Music (each 'Coming soon' until the owner
 * sets its link on /admin/settings), the platforms the owner added, and the RSS feed.
 */
export function FollowEverywhere({ platforms, feedUrl }: { platforms: PlatformLink[]; feedUrl: string }) {
  const { t } = useTranslation("podcast");
  return (
    <section aria-labelledby="follow-title" className="rounded-3xl bg-forest-900 px-6 py-10 text-white sm:px-10 sm:py-12">
      <h2 id="follow-title" className="text-3xl font-semibold text-white">
        {t("follow.title")}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-white/85">{t("follow.text")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {platforms.map(({ key, name: ownName, url }) => {
          const name = ownName ?? t(`follow.${key}`);
          return (
            <li key={`${key}-${name}`} data-platform={key === "other" ? name : key}>
              <Tile icon={ICONS[key]} name={name} href={url} hint={url ? t("follow.listenOn", { platform: name }) : t("follow.comingSoon")} />
            </li>
          );
        })}
        <li data-platform="rss">
          <Tile icon={Rss} name={t("follow.rss")} href={feedUrl} hint={t("follow.rssHint")} />
        </li>
      </ul>
    </section>
  );
}
