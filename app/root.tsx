import { useEffect, useRef, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/layout/error-page";
import { useNonce } from "~/components/layout/nonce";
import { SiteShell } from "~/components/layout/site-shell";
import { Toaster } from "~/components/ui/toaster";
import { decodeResources } from "~/i18n/encoded-resources";
import { translatorFor, withPageResources } from "~/i18n/i18n";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/languages";
import { restoreStoredLanguageChoice } from "~/i18n/language-choice";
import { shellResourcesFor } from "~/i18n/resources.server";
import { useLanguageData, type LanguageData } from "~/i18n/root-data";
import { TranslationProvider } from "~/i18n/use-translation";
import type { SiteSettings } from "~/lib/site-settings";
import { linkSettingsFrom, readSettings, SETTING_DEFAULTS } from "~/modules/settings/settings.server";
import { siteLinksOf } from "~/modules/settings/site-links";
import stylesheet from "./app.css?url";
import { requestContext } from "~/route-context.server";

/** What every page gets: its language and strings (i18n) and the owner's public settings. */
export async function loader({ params, context }: Route.LoaderArgs): Promise<LanguageData & { site: SiteSettings }> {
  const language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const { config, db, logger } = context.get(requestContext).services;
  // A page whose own data loads still renders when the settings cannot be read: with the environment's links.
  const links = siteLinksOf(
    await readSettings(db).catch((error: unknown) => {
      logger.error({ err: error }, "settings not read");
      return { ...SETTING_DEFAULTS, ...linkSettingsFrom(config) };
    }),
  );
  return {
    language,
    resources: shellResourcesFor(language, { adminEnabled: config.adminEnabled }),
    site: { appUrl: config.appUrl, ...links, adminEnabled: config.adminEnabled },
  };
}

// The strings change with the language, which is in the URL; the links when the owner saves a form.
export function shouldRevalidate({ currentParams, nextParams, formMethod }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang || (formMethod !== undefined && formMethod.toUpperCase() !== "GET");
}

/** Error pages get their title here: the route that failed has no data to title itself. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  if (!error || !loaderData) return [];
  const t = translatorFor(loaderData.language, decodeResources(loaderData.resources));
  const kind = isRouteErrorResponse(error) && error.status === 404 ? "notFound" : "server";
  return [{ title: t("common:documentTitle", { page: t(`errors:${kind}.title`) }) }, { name: "robots", content: "noindex" }];
};

// A built page carries the stylesheet inline, written into its <head> by the server (app/entry.server.tsx,
// ADR 071), so the browser's scripts hold nothing of it; in development Vite serves the file.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useLanguageData();
  const nonce = useNonce();
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const strings = useRef<ReturnType<typeof withPageResources>>(undefined);
  strings.current = withPageResources(data?.resources, useMatches().map((match) => match.loaderData), strings.current);
  useEffect(() => restoreStoredLanguageChoice(), []);
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#17140f" />
        <Meta />
        <Links />
      </head>
      <body>
        <TranslationProvider language={language} resources={strings.current.merged}>
          {children}
          <Toaster />
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteShell>
      <ErrorPage kind={notFound ? "notFound" : "server"} />
    </SiteShell>
  );
}
