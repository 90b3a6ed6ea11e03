import { createContext, useContext, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormNotice } from "~/components/ui/form-field";
import { buttonClass } from "~/components/ui/button-styles";
import { useTranslation } from "~/i18n/use-translation";
import { refusalIn } from "~/lib/route-policies";
import type { SettingsAnswer, SettingsSection } from "~/modules/settings/settings-forms";

/** The limits a problem's message names ("at most {max} characters"), by field. */
const MAX_BY_FIELD: Record<string, number> = {
  title: 200,
  author: 200,
  hostBio: 4000,
  others: 6,
};

interface SectionState {
  /** The translated problem of a field, if the last save refused it. */
  error: (name: string) => string | undefined;
  /** What a field shows: what was sent when the save was refused, else what is stored (`index`: a repeated field's row). */
  value: (name: string, stored: string, index?: number) => string;
  busy: boolean;
}

const SectionContext = createContext<SectionState>({
  error: () => undefined,
  value: (_name, stored) => stored,
  busy: false,
});

export const useSection = () => useContext(SectionContext);

/**
 * One section of the settings page: a fieldset with its heading and words, its fields, and Save. It
 * posts through a fetcher (the page stays where it is); without JavaScript it is a plain form post,
 * whose answer the route hands back as `fallback`. The answer shows beside Save: saved, or what to fix.
 */
export function SectionForm({ intent, fallback, children }: { intent: SettingsSection; fallback: unknown; children: ReactNode }) {
  const { t } = useTranslation("dashboard");
  const fetcher = useFetcher<SettingsAnswer>({ key: `settings-${intent}` });
  const posted = fetcher.data ?? (isAnswerOf(fallback, intent) ? fallback : undefined);
  const answer = fetcher.state === "idle" ? posted : undefined;
  const refused = refusalIn(answer);
  // A post the admin gate refused carries `{ refused }` and no errors.
  const errors = (answer && !answer.ok && answer.errors) || {};
  const sent = answer && !answer.ok ? answer.values : undefined;
  const state: SectionState = {
    error: (name) =>
      errors[name]
        ? t(`settings.errors.${errors[name]}`, {
            max: MAX_BY_FIELD[name] ?? 500,
          })
        : undefined,
    value: (name, stored, index = 0) => {
      const field = sent?.[name];
      const text = Array.isArray(field) ? field[index] : index === 0 ? field : undefined;
      return typeof text === "string" ? text : stored;
    },
    busy: fetcher.state !== "idle",
  };
  // A problem of the whole form (the server failed, an item gone from the shop) is said in its own words.
  const formProblem = errors.form === "failed" ? "serverFailed" : errors.form ? `errors.${errors.form}` : null;
  const notice = refused ? t("settings.refused") : formProblem ? t(`settings.${formProblem}`) : answer && !answer.ok ? t("settings.failed") : null;
  const headingId = `settings-${intent}-title`;
  return (
    <SectionContext.Provider value={state}>
      <fetcher.Form method="post" noValidate aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-5 sm:p-8">
        <input type="hidden" name="intent" value={intent} />
        <h2 id={headingId} className="text-2xl font-semibold">
          {t(`settings.${intent}.title`)}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{t(`settings.${intent}.text`)}</p>
        <fieldset disabled={state.busy} className="mt-6 grid gap-5 md:grid-cols-2">
          <legend className="sr-only">{t(`settings.${intent}.title`)}</legend>
          {children}
        </fieldset>
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
          <button type="submit" className={buttonClass()} disabled={state.busy}>
            {state.busy ? t("settings.saving") : t("settings.save")}
          </button>
          {answer?.ok && <FormNotice kind="success">{t("settings.saved")}</FormNotice>}
          {notice && <FormNotice kind="error">{notice}</FormNotice>}
        </div>
      </fetcher.Form>
    </SectionContext.Provider>
  );
}

function isAnswerOf(answer: unknown, intent: SettingsSection): answer is SettingsAnswer {
  return typeof answer === "object" && answer !== null && (answer as { intent?: unknown }).intent === intent;
}

/** The children of a section laid out across both columns. */
export function Wide({ children }: { children: ReactNode }) {
  return <div className="md:col-span-2">{children}</div>;
}
