import { data, redirect, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { hasSessionCookie } from "~/adapters/auth/auth.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOf } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { pageResourcesFor, resourcesFor } from "~/i18n/resources.server";
import { NO_STORE, PRIVATE_NO_STORE } from "~/lib/plain-answers";
import type { Policy, RoutePolicy } from "~/lib/route-policies";
import type { AccessDecision } from "~/modules/accounts/route-access.server";

/** Whether a route renders HTML (it has a component) rather than answering with a file or a download. */
export type RouteKind = "page" | "file";

/**
 * The caching headers a policy gives an answer: `private, no-store` for signed-in, admin, dashboard
 * and account routes, and for any page shown to a visitor with a session (the header, the shop's and
 * podcast's admin tools); every page varies by Cookie (its language and its visitor). Public files and
 * signed files keep their own.
 */
export function policyHeaders(policy: Policy, kind: RouteKind, request: Request): Headers {
  const headers = new Headers();
  const personal = policy === "signedIn" || policy === "admin" || policy === "page" || policy === "accounts";
  if (personal || (kind === "page" && hasSessionCookie(request))) headers.set("Cache-Control", PRIVATE_NO_STORE);
  if (kind === "page") headers.set("Vary", "Cookie");
  return headers;
}

/**
 * Whether an action's answer tells of work done: a 2xx or 3xx (returned or thrown), and not the one
 * answer shape's refusal (`{ ok: false }`), which some forms send with a 200 for the page to show.
 */
export function answeredSuccess(answer: unknown): boolean {
  const status = answer instanceof Response ? answer.status : isDataWithInit(answer) ? (answer.init?.status ?? 200) : 200;
  const body = isDataWithInit(answer) ? answer.data : answer;
  const refused = typeof body === "object" && body !== null && (body as { ok?: unknown }).ok === false;
  return status < 400 && !refused;
}

const isDataWithInit = (value: unknown): value is DataWithResponseInit<unknown> =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** Adds the policy's headers (and, for the dashboard, its status) to what a loader or action answered or threw. */
export function withPolicyHeaders<T>(value: T, headers: Headers, status?: number): T | Response | DataWithResponseInit<unknown> {
  if (status === undefined && [...headers.keys()].length === 0) return value;
  if (value instanceof Response) {
    const merged = new Headers(value.headers);
    for (const [name, header] of headers) merged.set(name, header);
    return new Response(value.body, { status: status ?? value.status, statusText: value.statusText, headers: merged });
  }
  if (isDataWithInit(value)) {
    const merged = new Headers(value.init?.headers);
    for (const [name, header] of headers) merged.set(name, header);
    return data(value.data, { ...value.init, status: status ?? value.init?.status, headers: merged });
  }
  return data(value, { status, headers });
}

interface Refusal {
  decision: Exclude<AccessDecision, { kind: "allow" }>;
  kind: RouteKind;
  method: "read" | "write";
  policy: RoutePolicy;
  params: { lang?: string };
  headers: Headers;
}

/**
 * The answer to a refused request, as each kind of route has always given it: a 404 where accounts
 * are off, the sign-in page for a signed-out visitor of a signed-in page, the admin page's translated
 * refusal (or, for a form, the reason it shows), a download's plain-text refusal, a bad link's 403/410.
 * Thrown answers (404, the redirect) are thrown; the others are returned as the route's own answer.
 */
export function refusalAnswer({ decision, kind, method, policy, params, headers }: Refusal): Response | DataWithResponseInit<unknown> {
  const language = languageOf(params);
  switch (decision.kind) {
    case "notFound":
      throw data(null, { status: 404, headers });
    case "signIn":
      throw redirect(localizePath("/sign-in", language), { headers });
    case "badLink": {
      const answer = plainText(decision.status, decision.status === 410 ? "This link has expired." : "Forbidden", headers);
      // A page behind a signed link (an article's preview) is answered by its error page with that status.
      if (kind === "page") throw answer;
      return answer;
    }
    case "refused": {
      const { status, reason } = decision;
      if (method === "write") return data({ refused: reason }, { status, headers });
      if (kind === "page") return data({ i18n: pageResourcesFor(language, ["dashboard"]), refused: reason, view: null }, { status, headers });
      if (!policy.refusalText) return new Response(null, { status, headers });
      const t = translatorFor(language, resourcesFor(language));
      const key = `dashboard:${policy.refusalText}.${reason}`;
      return plainText(status, `${t(`${key}.title`)}\n${t(`${key}.text`)}\n`, headers);
    }
  }
}

function plainText(status: number, text: string, headers: Headers): Response {
  const merged = new Headers(headers);
  merged.set("Content-Type", "text/plain; charset=utf-8");
  merged.set("X-Content-Type-Options", "nosniff");
  if (!merged.has("Cache-Control")) merged.set("Cache-Control", NO_STORE);
  return new Response(text, { status, headers: merged });
}
