import { translatorFor } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { resourcesFor } from "~/i18n/resources.server";
import { firstProblem } from "~/lib/form-input";
import { FILTER_ERRORS } from "./filters";

/** An admin CSV download: an attachment named `filename`, never sniffed as anything else. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Bad filters in a download's query: a 400 with the translated problem as plain text. */
export function badFiltersResponse(language: Language, errors: Parameters<typeof firstProblem>[0]): Response {
  const t = translatorFor(language, resourcesFor(language));
  return new Response(t(`dashboard:filters.errors.${firstProblem(errors, FILTER_ERRORS)}`), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
