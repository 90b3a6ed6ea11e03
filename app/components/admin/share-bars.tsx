import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/root-data";

export interface Share {
  key: string;
  label: string;
  count: number;
}

/**
 * Parts of a whole, one line each: its name, number and share of `total`, and a bar scaled to the
 * largest part (the bar is decoration; the words carry the numbers).
 */
export function ShareBars({ shares, total, label }: { shares: Share[]; total: number; label?: string }) {
  const locale = LANGUAGE_LOCALES[useLanguage()];
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const highest = Math.max(1, ...shares.map((share) => share.count));
  return (
    <ul aria-label={label} className="mt-4 flex flex-col gap-4">
      {shares.map((share) => (
        <li key={share.key}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 font-medium wrap-anywhere">{share.label}</span>
            <span className="shrink-0 text-sm text-muted tabular-nums">
              {number.format(share.count)} ({percent.format(total ? share.count / total : 0)})
            </span>
          </div>
          <div aria-hidden="true" className="mt-1.5 h-2 rounded-full bg-sand">
            <div className="h-2 rounded-full bg-gold-400" style={{ width: `${(share.count / highest) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
