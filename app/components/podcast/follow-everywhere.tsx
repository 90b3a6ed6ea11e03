import { Headphones, Music2, Podcast, Rss, type LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";

/** The show's pages on the podcast platforms, from the settings; null when the owner has not set one. */
export interface PodcastPlatforms {
  apple: string | null;
  spotify: string | null;
  google: string | null;
}

const PLATFORMS: { key: keyof PodcastPlatforms; icon: LucideIcon }[] = [
  { key: "apple", icon: Podcast },
  { key: "spotify", icon: Music2 },
  { key: "google", icon: Headphones },
];

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

/** 'Follow Everywhere': the RSS feed, and the platforms the owner has set (the rest say 'Coming soon'). */
export function FollowEverywhere({ platforms, feedUrl }: { platforms: PodcastPlatforms; feedUrl: string }) {
  const { t } = useTranslation("podcast");
  return (
    <section aria-labelledby="follow-title" className="rounded-3xl bg-forest-900 px-6 py-10 text-white sm:px-10 sm:py-12">
      <h2 id="follow-title" className="text-3xl font-semibold text-white">
        {t("follow.title")}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-white/85">{t("follow.text")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PLATFORMS.map(({ key, icon }) => {
          const name = t(`follow.${key}`);
          const href = platforms[key];
          return (
            <li key={key} data-platform={key}>
              <Tile icon={icon} name={name} href={href} hint={href ? t("follow.listenOn", { platform: name }) : t("follow.comingSoon")} />
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
