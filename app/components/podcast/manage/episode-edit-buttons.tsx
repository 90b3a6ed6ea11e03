import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import type { EpisodeView } from "~/components/podcast/episode-view";
import type { Manage } from "./episode-manage";

const BUTTONS = [
  { kind: "edit", Icon: Pencil },
  { kind: "delete", Icon: Trash2 },
] as const;

/** The admin's edit and delete buttons on an episode card (shown by EpisodeAdminActions). */
export default function EpisodeEditButtons({ episode, className, open }: { episode: EpisodeView; className?: string; open: Manage["open"] }) {
  const { t } = useTranslation("podcast");
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
    </div>
  );
}
