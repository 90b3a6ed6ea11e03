/** A failed call: an HTTP error answer (status set) or no answer at all (status null: network, timeout). */
export class MailingProviderError extends Error {
  override name = "MailingProviderError";

  /**
   * Recognised by name: the server builds the provider from its own copy of this module, and the
   * app's build, which catches its errors, holds another, so the two classes are not the same object.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "MailingProviderError";
  }

  constructor(
    readonly status: number | null,
    /** The answer's body, shortened, with email addresses and the key blanked out. */
    readonly body: string,
    /** From the answer's Retry-After header, when it had one. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(status === null ? `Network error: ${body}` : `API error: ${status} - ${body}`);
  }

  /** Worth trying again later: no answer, a timeout, too many requests, or a server-side error. */
  get retryable(): boolean {
    return this.status === null || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** The provider's limits, not a fault: wait as told and go on. */
  get rateLimited(): boolean {
    return this.status === 429;
  }
}
