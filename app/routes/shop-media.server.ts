import type { AppLoadContext } from "react-router";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { actorOf } from "~/lib/request-actor.server";
import { adminAccess } from "~/modules/accounts/admin-mode.server";
import { notFound, PRIVATE_NO_STORE } from "~/lib/plain-answers";

/**
 * The shop's public media (the e-book's cover, the trailer): `key` is the current object or null.
 * Visitors get it once it is published; before that only the admin in admin mode, who previews it.
 */
export async function serveShopMedia(context: AppLoadContext, request: Request, key: string | null, published: boolean, cacheControl: string) {
  const visible = key !== null && (published || (await adminAccess(context.services, request, actorOf(context, request))).state === "admin");
  if (!visible) return notFound();
  return serveObject(context.services.storage, key, request, { cacheControl: published ? cacheControl : PRIVATE_NO_STORE });
}
