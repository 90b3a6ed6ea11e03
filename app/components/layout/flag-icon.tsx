import type { Language } from "~/i18n/languages";

/**
 * Small drawn flags for the language picker (emoji flags do not render on every system).
 * English: United States; Spanish: Spain; Portuguese: Brazil; French: France.
 */
export function FlagIcon({ language }: { language: Language }) {
  return (
    <svg width="22" height="15" viewBox="0 0 22 15" aria-hidden="true" className="shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgba(0,0,0,0.15)]">
      {FLAGS[language]}
    </svg>
  );
}

const usStripes = Array.from({ length: 7 }, (_, index) => (
  <rect key={index} y={(index * 15) / 6.5} width="22" height={15 / 13} fill="#b22234" />
));

const FLAGS: Record<Language, React.ReactNode> = {
  en: (
    <>
      <rect width="22" height="15" fill="#fff" />
      {usStripes}
      <rect width="9.5" height="8" fill="#3c3b6e" />
    </>
  ),
  es: (
    <>
      <rect width="22" height="15" fill="#aa151b" />
      <rect y="3.75" width="22" height="7.5" fill="#f1bf00" />
    </>
  ),
  pt: (
    <>
      <rect width="22" height="15" fill="#009c3b" />
      <path d="M11 2 20 7.5 11 13 2 7.5Z" fill="#ffdf00" />
      <circle cx="11" cy="7.5" r="3.2" fill="#002776" />
    </>
  ),
  fr: (
    <>
      <rect width="22" height="15" fill="#fff" />
      <rect width="7.33" height="15" fill="#002654" />
      <rect x="14.67" width="7.33" height="15" fill="#ce1126" />
    </>
  ),
};
