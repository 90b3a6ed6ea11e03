// Written by `npm run db:new-migration` (scripts/migration-index.ts), never by hand: every migration in this
// folder, imported statically so the compiled server needs no .ts files at run time.
import type { Migration } from "kysely";
import * as migration0001 from "./0001-settings";
import * as migration0002 from "./0002-articles";
import * as migration0003 from "./0003-comments-and-rate-limits";
import * as migration0004 from "./0004-products";
import * as migration0005 from "./0005-contact-messages";
import * as migration0006 from "./0006-accounts-and-audit";
import * as migration0007 from "./0007-admin-setup-tokens";
import * as migration0008 from "./0008-admin-mode";
import * as migration0009 from "./0009-newsletter";
import * as migration0010 from "./0010-subscriber-search";
import * as migration0011 from "./0011-subscriber-search-keys";
import * as migration0012 from "./0012-episodes";
import * as migration0013 from "./0013-shop-book";
import * as migration0014 from "./0014-shop-video";
import * as migration0015 from "./0015-security-event-repeats";
import * as migration0016 from "./0016-confirmation-link-sent";
import * as migration0017 from "./0017-outbox-outcome";
import * as migration0018 from "./0018-page-versions";
import * as migration0019 from "./0019-confirmation-link-expiry";
import * as migration0020 from "./0020-confirmation-mail-state";
import * as migration0021 from "./0021-article-editing";
import * as migration0026 from "./0026-episode-listen-days";
import * as migration0027 from "./0027-episode-transcript-files";
import * as migration0029 from "./0029-subscriber-substring-search";
import * as migration0030 from "./0030-newsletter-issues";
import * as migration0031 from "./0031-newsletter-link-clicks";

export const MIGRATIONS: Record<string, Migration> = {
  "0001-settings": migration0001,
  "0002-articles": migration0002,
  "0003-comments-and-rate-limits": migration0003,
  "0004-products": migration0004,
  "0005-contact-messages": migration0005,
  "0006-accounts-and-audit": migration0006,
  "0007-admin-setup-tokens": migration0007,
  "0008-admin-mode": migration0008,
  "0009-newsletter": migration0009,
  "0010-subscriber-search": migration0010,
  "0011-subscriber-search-keys": migration0011,
  "0012-episodes": migration0012,
  "0013-shop-book": migration0013,
  "0014-shop-video": migration0014,
  "0015-security-event-repeats": migration0015,
  "0016-confirmation-link-sent": migration0016,
  "0017-outbox-outcome": migration0017,
  "0018-page-versions": migration0018,
  "0019-confirmation-link-expiry": migration0019,
  "0020-confirmation-mail-state": migration0020,
  "0021-article-editing": migration0021,
  "0026-episode-listen-days": migration0026,
  "0027-episode-transcript-files": migration0027,
  "0029-subscriber-substring-search": migration0029,
  "0030-newsletter-issues": migration0030,
  "0031-newsletter-link-clicks": migration0031,
};
