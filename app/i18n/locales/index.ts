import enAbout from "./en/about.json";
import enAccounts from "./en/accounts.json";
import enAdmin from "./en/admin.json";
import enBlog from "./en/blog.json";
import enCommon from "./en/common.json";
import enContact from "./en/contact.json";
import enDashboard from "./en/dashboard.json";
import enDiagnostics from "./en/diagnostics.json";
import enEpisode from "./en/episode.json";
import enErrors from "./en/errors.json";
import enFooter from "./en/footer.json";
import enHome from "./en/home.json";
import enListens from "./en/listens.json";
import enNav from "./en/nav.json";
import enNewsletter from "./en/newsletter.json";
import enPages from "./en/pages.json";
import enSections from "./en/sections.json";
import enPodcast from "./en/podcast.json";
import enShop from "./en/shop.json";
import enSubscription from "./en/subscription.json";
import enUpdates from "./en/updates.json";
import enEditor from "./en/editor.json";
import esAbout from "./es/about.json";
import esAccounts from "./es/accounts.json";
import esAdmin from "./es/admin.json";
import esBlog from "./es/blog.json";
import esCommon from "./es/common.json";
import esContact from "./es/contact.json";
import esDashboard from "./es/dashboard.json";
import esDiagnostics from "./es/diagnostics.json";
import esEpisode from "./es/episode.json";
import esErrors from "./es/errors.json";
import esFooter from "./es/footer.json";
import esHome from "./es/home.json";
import esListens from "./es/listens.json";
import esNav from "./es/nav.json";
import esNewsletter from "./es/newsletter.json";
import esPages from "./es/pages.json";
import esSections from "./es/sections.json";
import esPodcast from "./es/podcast.json";
import esShop from "./es/shop.json";
import esSubscription from "./es/subscription.json";
import esUpdates from "./es/updates.json";
import esEditor from "./es/editor.json";
import frAbout from "./fr/about.json";
import frAccounts from "./fr/accounts.json";
import frAdmin from "./fr/admin.json";
import frBlog from "./fr/blog.json";
import frCommon from "./fr/common.json";
import frContact from "./fr/contact.json";
import frDashboard from "./fr/dashboard.json";
import frDiagnostics from "./fr/diagnostics.json";
import frEpisode from "./fr/episode.json";
import frErrors from "./fr/errors.json";
import frFooter from "./fr/footer.json";
import frHome from "./fr/home.json";
import frListens from "./fr/listens.json";
import frNav from "./fr/nav.json";
import frNewsletter from "./fr/newsletter.json";
import frPages from "./fr/pages.json";
import frSections from "./fr/sections.json";
import frPodcast from "./fr/podcast.json";
import frShop from "./fr/shop.json";
import frSubscription from "./fr/subscription.json";
import frUpdates from "./fr/updates.json";
import frEditor from "./fr/editor.json";
import ptAbout from "./pt/about.json";
import ptAccounts from "./pt/accounts.json";
import ptAdmin from "./pt/admin.json";
import ptBlog from "./pt/blog.json";
import ptCommon from "./pt/common.json";
import ptContact from "./pt/contact.json";
import ptDashboard from "./pt/dashboard.json";
import ptDiagnostics from "./pt/diagnostics.json";
import ptEpisode from "./pt/episode.json";
import ptErrors from "./pt/errors.json";
import ptFooter from "./pt/footer.json";
import ptHome from "./pt/home.json";
import ptListens from "./pt/listens.json";
import ptNav from "./pt/nav.json";
import ptNewsletter from "./pt/newsletter.json";
import ptPages from "./pt/pages.json";
import ptSections from "./pt/sections.json";
import ptPodcast from "./pt/podcast.json";
import ptShop from "./pt/shop.json";
import ptSubscription from "./pt/subscription.json";
import ptUpdates from "./pt/updates.json";
import ptEditor from "./pt/editor.json";

/**
 * Every locale file, by language and namespace (one namespace per area of the site). Imported
 * statically so the server bundle and the Node entry load the same files; a new namespace is added
 * here once per language, and the locale test fails until all four have it.
 */
export const locales = {
  en: { about: enAbout, accounts: enAccounts, admin: enAdmin, dashboard: enDashboard, blog: enBlog, common: enCommon, contact: enContact, diagnostics: enDiagnostics, home: enHome, listens: enListens, nav: enNav, newsletter: enNewsletter, subscription: enSubscription, footer: enFooter, pages: enPages, sections: enSections, shop: enShop, podcast: enPodcast, episode: enEpisode, errors: enErrors, updates: enUpdates, editor: enEditor },
  es: { about: esAbout, accounts: esAccounts, admin: esAdmin, dashboard: esDashboard, blog: esBlog, common: esCommon, contact: esContact, diagnostics: esDiagnostics, home: esHome, listens: esListens, nav: esNav, newsletter: esNewsletter, subscription: esSubscription, footer: esFooter, pages: esPages, sections: esSections, shop: esShop, podcast: esPodcast, episode: esEpisode, errors: esErrors, updates: esUpdates, editor: esEditor },
  pt: { about: ptAbout, accounts: ptAccounts, admin: ptAdmin, dashboard: ptDashboard, blog: ptBlog, common: ptCommon, contact: ptContact, diagnostics: ptDiagnostics, home: ptHome, listens: ptListens, nav: ptNav, newsletter: ptNewsletter, subscription: ptSubscription, footer: ptFooter, pages: ptPages, sections: ptSections, shop: ptShop, podcast: ptPodcast, episode: ptEpisode, errors: ptErrors, updates: ptUpdates, editor: ptEditor },
  fr: { about: frAbout, accounts: frAccounts, admin: frAdmin, dashboard: frDashboard, blog: frBlog, common: frCommon, contact: frContact, diagnostics: frDiagnostics, home: frHome, listens: frListens, nav: frNav, newsletter: frNewsletter, subscription: frSubscription, footer: frFooter, pages: frPages, sections: frSections, shop: frShop, podcast: frPodcast, episode: frEpisode, errors: frErrors, updates: frUpdates, editor: frEditor },
};
