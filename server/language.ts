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
function isPagePath(pathname: string): boolean {
  if (pathname === "/healthz" || pathname === "/language") return false;
  if (pathname.startsWith("/assets/") || pathname.startsWith("/__")) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A reader whose stored choice (or, on a first visit, whose browser) prefers another supported
 * language is sent from an English URL to that language's URL. The redirect carries a short page in
 * the target language for clients that do not follow redirects.
 */
export function languageRedirect(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPagePath(req.path)) return next();
    if (splitLanguagePrefix(req.path).language) return next();
    const language = preferredLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
    res.vary("Cookie");
    res.vary("Accept-Language");
    if (!language || language === DEFAULT_LANGUAGE) return next();
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
