import { Download, Eraser, Play, Route as RouteIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";

/** The final 'Diagnostic complete' line arrives two seconds after a run starts. */
export const DIAGNOSTIC_COMPLETE_DELAY_MS = 2000;

/**
 * The simulated console of the upload diagnosis page: its buttons only append lines (purely
 * informational); the download button says that it is a simulation.
 */
export function DiagnosticConsole() {
  const { t } = useTranslation("diagnostics");
  const [lines, setLines] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const append = (...keys: string[]) => setLines((current) => [...current, ...keys.map((key) => t(`console.${key}`))]);
  const run = () => {
    append("started", "checkingFile", "checkingRewrite", "checkingRobots");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => append("complete"), DIAGNOSTIC_COMPLETE_DELAY_MS);
  };
  return (
    <section aria-labelledby="console-title" className="rounded-2xl bg-ink p-6 text-white">
      <h2 id="console-title" className="text-2xl font-semibold text-white">
        {t("console.title")}
      </h2>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={run} className={buttonClass({ variant: "accent", size: "sm" })}>
          <Play aria-hidden="true" className="size-4" />
          {t("console.run")}
        </button>
        <button type="button" onClick={() => append("checkingRewrite")} className={buttonClass({ variant: "onDark", size: "sm" })}>
          <RouteIcon aria-hidden="true" className="size-4" />
          {t("console.check")}
        </button>
        <button type="button" onClick={() => window.alert(t("console.simulated"))} className={buttonClass({ variant: "onDark", size: "sm" })}>
          <Download aria-hidden="true" className="size-4" />
          {t("console.download")}
        </button>
        <button type="button" onClick={() => setLines([])} className={buttonClass({ variant: "onDark", size: "sm" })}>
          <Eraser aria-hidden="true" className="size-4" />
          {t("console.clear")}
        </button>
      </div>
      <div role="log" aria-label={t("console.label")} aria-live="polite" className="mt-4 min-h-40 rounded-xl bg-black/60 p-4 font-mono text-sm text-gold-300">
        {lines.length === 0 ? (
          <p className="text-white/70">{t("console.empty")}</p>
        ) : (
          lines.map((line, index) => <p key={index}>&gt; {line}</p>)
        )}
      </div>
    </section>
  );
}
