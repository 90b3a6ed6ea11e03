import type { Route } from "./+types/admin-newsletter-preview";
import { isLanguage } from "~/i18n/languages";
import { getIssue } from "~/modules/newsletter/issues/issues.server";
import { UNSUBSCRIBE_PLACEHOLDER } from "~/modules/newsletter/issues/issue-content";
import { requestContext } from "~/route-context.server";

/**
 * One language's mail of an issue as a subscriber will get it, HTML or plain text, for the issue
 * page's preview frame. Sandboxed: the mail's HTML runs nothing and reaches nothing but its images.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const issue = await getIssue(services.db, params.id);
  const query = new URL(request.url).searchParams;
  const language = query.get("language");
  const mail = issue && isLanguage(language) ? issue.content[language] : undefined;
  if (!mail) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  const text = query.get("format") === "text";
  // The site's own images and links come from the site the owner is on (APP_URL may name another address,
  // such as the public one behind a proxy).
  const body = (text ? mail.text : mail.html).replaceAll(UNSUBSCRIBE_PLACEHOLDER, `${services.config.appUrl}/unsubscribe/preview`).replaceAll(`${services.config.appUrl}/`, "/");
  return new Response(body, {
    headers: {
      "Content-Type": `${text ? "text/plain" : "text/html"}; charset=utf-8`,
      "Cache-Control": "private, no-store",
      // In place of the site's policy (server/security-headers.ts): nothing runs, only the issue page may frame it.
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
