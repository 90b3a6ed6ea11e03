import { Mail } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { SocialIcon } from "~/components/layout/social-icons";

/** Plain share links (no third-party scripts): each opens the platform's own share page. */
export function ShareLinks({ url, title, heading }: { url: string; title: string; heading?: string }) {
  const { t } = useTranslation("blog");
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const targets = [
    { platform: "Twitter" as const, href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { platform: "Facebook" as const, href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
  const item = "inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-ink hover:bg-sand";
  return (
    <section aria-labelledby="share-title" className="flex flex-wrap items-center gap-3">
      <h2 id="share-title" className="font-sans text-base font-semibold">
        {heading ?? t("shareTitle")}
      </h2>
      {targets.map(({ platform, href }) => (
        <a key={platform} href={href} target="_blank" rel="noopener noreferrer" aria-label={t("shareOn", { platform })} className={item}>
          <SocialIcon platform={platform} />
        </a>
      ))}
      <a href={`https://wa.me/?text=${text}%20${u}`} target="_blank" rel="noopener noreferrer" aria-label={t("shareOn", { platform: "WhatsApp" })} className={item}>
        <span aria-hidden="true" className="text-sm font-bold">W</span>
      </a>
      <a href={`mailto:?subject=${text}&body=${u}`} aria-label={t("shareByEmail")} className={item}>
        <Mail aria-hidden="true" className="size-5" />
      </a>
    </section>
  );
}
