import * as Tabs from "@radix-ui/react-tabs";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/upload-diagnostics";
import { DiagnosticConsole } from "~/components/diagnostics/diagnostic-console";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";

export function loader({ params }: Route.LoaderArgs) {
  return { i18n: pageResourcesFor(languageOf(params), ["diagnostics"]) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "uploadDiagnostics", { noindex: true });

const TABS = {
  diagnosis: ["missingFile", "rewrite", "placement", "robots"],
  solution: ["missingFile", "rewrite", "placement", "robots"],
  secure: ["password", "types", "size"],
} as const;

/** Static hosting help: three tabs and a simulated console. Not indexed. */
export default function UploadDiagnostics() {
  const { t } = useTranslation("diagnostics");
  return (
    <>
      <PageHeader pageKey="uploadDiagnostics" />
      <div className="mx-auto grid max-w-wide gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="mb-6 text-lg">{t("intro")}</p>
          <Tabs.Root defaultValue="diagnosis" className="rounded-2xl border border-line bg-white p-6">
            <Tabs.List aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-line pb-4">
              {Object.keys(TABS).map((tab) => (
                <Tabs.Trigger key={tab} value={tab} className="min-h-11 rounded-full px-5 font-semibold hover:bg-sand data-[state=active]:bg-forest-700 data-[state=active]:text-white">
                  {t(`tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {Object.entries(TABS).map(([tab, items]) => (
              <Tabs.Content key={tab} value={tab} className="pt-6">
                <h2 className="text-2xl font-semibold">{t(`${tab}.title`)}</h2>
                <ul className="mt-4 flex list-disc flex-col gap-3 pl-5">
                  {items.map((item) => (
                    <li key={item}>{t(`${tab}.${item}`)}</li>
                  ))}
                </ul>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </div>
        <DiagnosticConsole />
      </div>
    </>
  );
}
