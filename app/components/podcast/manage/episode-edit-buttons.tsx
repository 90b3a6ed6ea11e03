import { Mail, Pencil, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { useLocalize } from "~/i18n/root-data";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import type { EpisodeView } from "~/components/podcast/episode-view";
import type { Manage } from "./episode-manage";

const BUTTONS = [
  { kind: "edit", Icon: Pencil },
  { kind: "delete", Icon: Trash2 },
] as const;

/** The admin's edit, delete and "send as newsletter" buttons on an episode card (shown by EpisodeAdminActions). */
export default function EpisodeEditButtons({ episode, className, open }: { episode: EpisodeView; className?: string; open: Manage["open"] }) {
  const { t } = useTranslation("podcast");
  const localize = useLocalize();
  const iconButton = buttonClass({
    variant: "outline",
    size: "sm",
    className: "px-2.5",
  });
  return (
    <div className={className}>
      {BUTTONS.map(({ kind, Icon }) => (
        <button
          key={kind}
          type="button"
          aria-haspopup="dialog"
          aria-label={t(`manage.${kind}`, { title: episode.title })}
          title={t(`manage.${kind}`, { title: episode.title })}
          onClick={() => open({ kind, episode })}
          className={iconButton}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
      {/* A draft issue of the episode: nothing is sent before the owner chooses on the page. */}
      <Form method="post" action={localize("/admin/newsletter")} className="contents">
        <input type="hidden" name="episode" value={episode.id} />
        <button type="submit" aria-label={t("manage.sendAsNewsletter", { title: episode.title })} title={t("manage.sendAsNewsletter", { title: episode.title })} className={iconButton}>
          <Mail aria-hidden="true" className="size-4" />
        </button>
      </Form>
    </div>
  );
}
