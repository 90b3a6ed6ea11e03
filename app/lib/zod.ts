import { z } from "zod";

/**
 * zod, set up once for the whole app: every schema imports it from here. Left alone, zod probes for
 * eval with `new Function`, which the site's script policy refuses and browsers report as a violation;
 * its interpreted checks are fast enough for forms and configuration.
 */
z.config({ jitless: true });

export { z };
