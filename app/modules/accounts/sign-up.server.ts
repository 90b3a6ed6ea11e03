import { APIError } from "better-auth/api";
import type { Auth } from "~/adapters/auth/auth.server";
import type { Language } from "~/i18n/languages";

/**
 * Creates an unverified account and mails the confirmation link in the reader's language. An address
 * that already has an account gets the same answer, so the form does not reveal who is registered.
 */
export async function signUp(auth: Auth, input: { name: string; email: string; password: string; language: Language }, request: Request): Promise<void> {
  try {
    await auth.api.signUpEmail({ body: input, headers: request.headers });
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "USER_ALREADY_EXISTS") return;
    if (error instanceof APIError && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return;
    throw error;
  }
}

/** Confirms an address from the mailed link and signs its owner in; null when the link is not valid. */
export async function verifyEmail(auth: Auth, token: string, request: Request): Promise<Headers | null> {
  try {
    const { headers } = await auth.api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    if (error instanceof APIError) return null;
    throw error;
  }
}
