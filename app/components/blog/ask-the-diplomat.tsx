import { MessageCircle } from "lucide-react";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";

/** The 'Ask the Diplomat' invitation: its button opens the contact page with that topic chosen. */
export function AskTheDiplomat({ title, text, button }: { title: string; text: string; button: string }) {
  const localize = useLocalize();
  return (
    <section aria-labelledby="ask-diplomat" className="h-fit rounded-2xl bg-forest-900 p-6 text-white">
      <MessageCircle aria-hidden="true" className="size-7 text-gold-400" />
      <h2 id="ask-diplomat" className="mt-3 text-xl font-semibold text-white">
        {title}
      </h2>
      <p className="mt-2 text-white/85">{text}</p>
      <Link to={`${localize("/contact")}?topic=ask-the-diplomat`} className={buttonClass({ variant: "accent", className: "mt-4" })}>
        {button}
      </Link>
    </section>
  );
}
