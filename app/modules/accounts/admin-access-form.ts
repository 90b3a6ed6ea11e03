import { z } from "~/lib/zod";

/** The Admin Access dialog's and the /admin page's buttons: verify admin access, or end admin mode. */
export const adminAccessSchema = z.object({ intent: z.enum(["verify", "logout"]) });
