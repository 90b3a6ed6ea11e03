import { useTranslation } from "react-i18next";

const CARDS = ["audit", "security", "moderation", "subscribers"] as const;

/** The dashboard's areas, one card each (the subscriber card arrives with the newsletter). */
export function DashboardCards() {
  const { t } = useTranslation("admin");
  return (
    <ul className="mt-6 grid gap-5 sm:grid-cols-2">
      {CARDS.map((card) => (
        <li key={card} className="rounded-2xl border border-line bg-white p-6">
          <h2 className="text-xl font-semibold">{t(`page.cards.${card}`)}</h2>
          <p className="mt-2 text-muted">{t(`page.cards.${card}Text`)}</p>
          <p className="mt-3 text-sm font-semibold text-gold-700">{t("page.cards.comingSoon")}</p>
        </li>
      ))}
    </ul>
  );
}
