import { languageFromCookie } from "./detect";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  type Language,
} from "./languages";

/** Browser-side: keeps the reader's choice in storage and in the cookie the server reads. */
export function rememberLanguageChoice(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be disabled (private mode, quota); the cookie still carries the choice.
  }
  writeLanguageCookie(language);
}

/** If the cookie was cleared but storage still has a choice, put the cookie back for the next visit. */
export function restoreStoredLanguageChoice(): void {
  if (languageFromCookie(document.cookie)) return;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return;
  }
  if (isLanguage(stored)) writeLanguageCookie(stored);
}

function writeLanguageCookie(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
