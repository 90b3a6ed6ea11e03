import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/i18n/format";
import { useLanguage } from "~/i18n/root-data";
import type { DeviceSession } from "~/modules/accounts/accounts.server";

/** A short name for a browser from its User-Agent, e.g. "Firefox on Linux". */
function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const system = /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Windows/.test(userAgent) ? "Windows" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : null;
  return [browser, system].filter(Boolean).join(" · ") || null;
}

/** Where the user is signed in: each device's browser and when it was last used. */
export function SessionList({ sessions }: { sessions: DeviceSession[] }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        {t("account.sessions")}
      </h2>
      <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
        {sessions.map((session) => (
          <li key={session.id} className="px-4 py-3">
            <p className="font-medium">
              {deviceName(session.userAgent) ?? t("account.unknownDevice")}
              {session.current && <span className="ml-2 text-sm text-forest-700">{`(${t("account.thisDevice")})`}</span>}
            </p>
            <p className="text-sm text-muted">{t("account.lastActive", { date: formatDate(session.lastActive, language) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
