import { FETCH_RETRIES } from "./ui-constants";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Request failed with status ${status}`);
    this.name = "HttpError";
  }
}

/**
 * Client-side data fetching: a failed request is retried once; a 4xx answer is final because
 * asking again would get the same answer. Nothing here refetches when the window regains focus.
 */
export async function fetchJson<T>(
  input: string | URL,
  init: RequestInit = {},
  { retries = FETCH_RETRIES, fetchImpl = fetch }: { retries?: number; fetchImpl?: typeof fetch } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetchImpl(input, { ...init, headers: { accept: "application/json", ...init.headers } });
      const text = await response.text();
      const body: unknown = text ? JSON.parse(text) : null;
      if (!response.ok) throw new HttpError(response.status, body);
      return body as T;
    } catch (error) {
      const clientError = error instanceof HttpError && error.status < 500;
      if (clientError || attempt >= retries) throw error;
    }
  }
}
