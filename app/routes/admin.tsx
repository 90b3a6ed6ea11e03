import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin";
import { PageHeader } from "~/components/layout/page-header";
import { languageOf } from "~/i18n/languages";
import { pageMeta } from "~/i18n/meta";
import { pageResourcesFor } from "~/i18n/resources.server";
import { useLocalize } from "~/i18n/root-data";
import { buttonClass } from "~/components/ui/button-styles";
import { currentSession, isAdmin } from "~/modules/accounts/accounts.server";
import { actorOf } from "~/lib/request-actor.server";
import { recordSecurityEvent } from "~/modules/audit/audit.server";

type AdminState = { state: "unavailable" } | { state: "signedOut" } | { state: "denied"; email: string } | { state: "admin"; email: string };

/** Spec §2 Admin dashboard, in the spec's order of states; the role is checked on the server every time. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const i18n = pageResourcesFor(languageOf(params), ["accounts"]);
  const { config, auth, db } = context.services;
  if (!config.adminEnabled) return { i18n, admin: { state: "unavailable" } as AdminState };
  const signedIn = await currentSession(auth, request);
  if (!signedIn) return data({ i18n, admin: { state: "signedOut" } as AdminState }, { status: 401 });
  if (!(await isAdmin(db, signedIn.user.id))) {
    const actor = actorOf(context, request, signedIn.user.id, signedIn.session.id);
    await recordSecurityEvent(db, actor, { type: "admin.access_denied", severity: "high", details: { resource: "/admin" } }, context.services.now());
    return data({ i18n, admin: { state: "denied", email: signedIn.user.email } as AdminState }, { status: 403 });
  }
  return { i18n, admin: { state: "admin", email: signedIn.user.email } as AdminState };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin", { noindex: true });

// Each card is a place for an area still being built; its own issue fills it in.
const CARDS = ["audit", "security", "moderation", "subscribers"] as const;

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const localize = useLocalize();
  const { admin } = loaderData;
  return (
    <>
      <PageHeader pageKey="admin" />
      <div className="mx-auto max-w-wide px-4 py-10 sm:px-6">
        {admin.state === "unavailable" && <p className="text-lg">{t("admin.unavailable")}</p>}
        {admin.state === "signedOut" && (
          <section aria-labelledby="admin-state" className="max-w-xl">
            <h2 id="admin-state" className="text-2xl font-semibold">{t("admin.authRequired")}</h2>
            <p className="mt-2 text-muted">{t("admin.authRequiredText")}</p>
            <Link to={localize("/sign-in")} className={buttonClass({ variant: "primary", className: "mt-5" })}>
              {t("signUp.signInLink")}
            </Link>
          </section>
        )}
        {admin.state === "denied" && (
          <section aria-labelledby="admin-state" className="max-w-xl">
            <h2 id="admin-state" className="text-2xl font-semibold">{t("admin.accessDenied")}</h2>
            <p className="mt-2 text-muted">{t("admin.accessDeniedText", { email: admin.email })}</p>
          </section>
        )}
        {admin.state === "admin" && (
          <>
            <p className="text-muted">{t("admin.welcome", { email: admin.email })}</p>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2">
              {CARDS.map((card) => (
                <li key={card} className="rounded-2xl border border-line bg-white p-6">
                  <h2 className="text-xl font-semibold">{t(`admin.cards.${card}`)}</h2>
                  <p className="mt-2 text-muted">{t(`admin.cards.${card}Text`)}</p>
                  <p className="mt-3 text-sm font-semibold text-gold-700">{t("admin.cards.comingSoon")}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
