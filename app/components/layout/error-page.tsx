import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";

/** The translated page for an unknown address (404) or an unexpected failure. */
export function ErrorPage({ kind }: { kind: "notFound" | "server" }) {
  const { t } = useTranslation("errors");
  const localize = useLocalize();
  return (
    <section className="mx-auto max-w-reading px-4 py-20 text-center sm:px-6">
      <p className="font-serif text-6xl font-semibold text-forest-700" aria-hidden="true">
        {kind === "notFound" ? "404" : "500"}
      </p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t(`${kind}.title`)}</h1>
      <p className="mt-4 text-lg text-muted">{t(`${kind}.message`)}</p>
      <Link to={localize("/")} className={buttonClass({ className: "mt-8" })}>
        {t(`${kind}.home`)}
      </Link>
    </section>
  );
}
