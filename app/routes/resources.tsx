import { BookMarked } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import resources from "@content/resources.json";
import type { Route } from "./+types/resources";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["sections"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "resources");

/**
 * Classic works: author, title and year are facts, so they are not translated; the notes
 * (`sections:resources.books.<id>`) are, as are the glossary's terms (`sections:resources.terms.<id>`).
 */
const { books: BOOKS, glossary: TERMS } = resources;

export default function Resources() {
  const { t } = useTranslation("sections");
  return (
    <>
      <PageHeader pageKey="resources" />
      <div className="mx-auto grid max-w-wide gap-12 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="reading-title">
          <h2 id="reading-title" className="text-3xl font-semibold">
            {t("resources.readingTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("resources.readingIntro")}</p>
          <ul className="mt-6 flex flex-col gap-4">
            {BOOKS.map((book) => (
              <li key={book.id} className="flex gap-4 rounded-xl border border-line bg-white p-5">
                <BookMarked aria-hidden="true" className="mt-1 size-6 shrink-0 text-forest-700" />
                <div>
                  <p className="font-serif text-lg font-semibold">
                    <cite className="not-italic">{book.title}</cite>
                  </p>
                  <p className="text-sm text-muted">
                    {book.author}, {book.year}
                  </p>
                  <p className="mt-1">{t(`resources.books.${book.id}`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="glossary-title">
          <h2 id="glossary-title" className="text-3xl font-semibold">
            {t("resources.glossaryTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("resources.glossaryIntro")}</p>
          <dl className="mt-6 divide-y divide-line rounded-2xl border border-line bg-white">
            {TERMS.map((term) => (
              <div key={term} className="px-5 py-4">
                <dt className="font-semibold">{t(`resources.terms.${term}.term`)}</dt>
                <dd className="mt-1 text-muted">{t(`resources.terms.${term}.definition`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}
