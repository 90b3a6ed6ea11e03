import { useTranslation } from "~/i18n/use-translation";
import { FALLBACK_PORTRAIT, FIGURES, portraitPath } from "~/modules/home/figures";
import { PortraitImage } from "./portrait-image";

export function FiguresSection() {
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="figures-title" className="mx-auto max-w-wide px-4 py-16 sm:px-6">
      <h2 id="figures-title" className="text-3xl font-semibold sm:text-4xl">
        {t("figures.title")}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-muted">{t("figures.intro")}</p>
      <ul className="mt-10 grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-6">
        {FIGURES.map((figure) => (
          <li key={figure.id} className="flex flex-col items-center text-center">
            <div className="w-32 sm:w-36">
              <PortraitImage
                src={portraitPath(figure.id)}
                fallback={FALLBACK_PORTRAIT}
                alt={t("figures.portraitOf", { name: figure.name })}
                loadingLabel={t("figures.loading", { name: figure.name })}
              />
            </div>
            <h3 className="mt-4 font-sans text-base font-semibold">{figure.name}</h3>
            <p className="text-sm text-muted">{figure.years}</p>
            <p className="mt-1 text-sm">{t(`figures.${figure.id}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
