import type { IncomingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import { preferredLanguage } from "~/i18n/detect";
import { translatorFor } from "~/i18n/i18n";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  isLanguage,
  type Language,
} from "~/i18n/languages";
import { isSafeLocalPath, localizePath, sameSiteTarget, splitLanguagePrefix, switchLanguagePath } from "~/i18n/paths";
import { resourcesFor } from "~/i18n/resources.server";
import { NO_STORE } from "~/lib/plain-answers";

/**
 * Paths that are not pages are never redirected: files and data requests (a dot in the last segment),
 * the router's own endpoints (/__manifest), health, and this module's endpoint.
 */
export function isPagePath(pathname: string): boolean {
  if (pathname === "/healthz" || pathname === "/language") return false;
  if (pathname.startsWith("/assets/") || pathname.startsWith("/__")) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An unprefixed page's answer depends on the stored choice and the browser's languages. */
export const LANGUAGE_VARY = ["Cookie", "Accept-Language"];

/**
 * Where a page request goes by language: undefined when its URL names its language (nothing to
 * choose), null when the reader gets the English page, or the language whose URL it is sent to.
 */
export function redirectLanguage(pathname: string, headers: IncomingHttpHeaders): Language | null | undefined {
  if (splitLanguagePrefix(pathname).language) return undefined;
  const language = preferredLanguage({ cookie: headers.cookie, acceptLanguage: headers["accept-language"] });
  return !language || language === DEFAULT_LANGUAGE ? null : language;
}

/**
 * A reader whose stored choice (or, on a first visit, whose browser) prefers another supported
 * language is sent from an English URL to that language's URL. The redirect carries a short page in
 * the target language for clients that do not follow redirects.
 */
export function languageRedirect(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPagePath(req.path)) return next();
    const language = redirectLanguage(req.path, req.headers);
    if (language === undefined) return next();
    for (const name of LANGUAGE_VARY) res.vary(name);
    if (language === null) return next();
    const target = sameSiteTarget(localizePath(req.path, language) + queryOf(req.originalUrl));
    const t = translatorFor(language, resourcesFor(language));
    res.status(302).location(target).type("html").setHeader("Cache-Control", "private, no-cache");
    res.send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t("redirect.title"))}</title></head>` +
        `<body><p><a href="${escapeHtml(target)}">${escapeHtml(t("redirect.message"))}</a></p></body></html>`,
    );
  };
}

function queryOf(url: string): string {
  const index = url.indexOf("?");
  return index < 0 ? "" : url.slice(index);
}

/**
 * GET /language?lang=fr&to=/blog — keeps the reader's choice in a cookie and opens the same page in
 * that language. Works without JavaScript; the picker also mirrors the choice in browser storage.
 */
export function languageSwitch(): RequestHandler {
  return (req, res) => {
    const requested = typeof req.query.lang === "string" ? req.query.lang : "";
    const language: Language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
    const to = typeof req.query.to === "string" && isSafeLocalPath(req.query.to) ? req.query.to : "/";
    res.cookie(LANGUAGE_COOKIE, language, {
      path: "/",
      maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000,
      sameSite: "lax",
      secure: req.secure,
      httpOnly: false,
    });
    res.setHeader("Cache-Control", NO_STORE);
    res.redirect(303, sameSiteTarget(switchLanguagePath(to, language)));
  };
}
