import { SIGN_IN_LINK_MINUTES, type AuthMails, type AuthMailUser } from "~/adapters/auth/auth.server";
import type { Mailer } from "~/adapters/mail/mailer.server";
import { translatorFor } from "~/i18n/i18n";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { resourcesFor } from "~/i18n/resources.server";

/** Link lifetimes, said in the mails. */
export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

/** The account mails in the user's language, each with a link to one of the site's own pages. */
export function createAuthMails({ mailer, appUrl }: { mailer: Mailer; appUrl: string }): AuthMails {
  const send = async (user: AuthMailUser, kind: "verify" | "reset" | "signInLink", path: string, token: string) => {
    const language: Language = user.language && isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    const t = translatorFor(language, resourcesFor(language));
    const link = `${appUrl}${localizePath(path, language)}?${new URLSearchParams({ token })}`;
    const hours = VERIFY_LINK_HOURS;
    const minutes = kind === "signInLink" ? SIGN_IN_LINK_MINUTES : RESET_LINK_MINUTES;
    await mailer.send({
      to: user.email,
      subject: t(`accounts:mail.${kind}.subject`),
      // The name was chosen by whoever signed up: only the sign-in link, mailed to confirmed addresses alone, greets by it.
      text: t(`accounts:mail.${kind}.body`, { name: kind === "signInLink" ? user.name : "", link, hours, minutes }),
      language,
    });
  };
  return {
    verifyEmail: (user, token) => send(user, "verify", "/verify-email", token),
    resetPassword: (user, token) => send(user, "reset", "/reset-password", token),
    signInLink: (user, token) => send(user, "signInLink", "/sign-in-link/verify", token),
  };
}
