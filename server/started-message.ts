import type { AddressInfo } from "node:net";

/**
 * The address the server answers on, from what it really listens on: a wildcard host (0.0.0.0, ::)
 * is every interface, of which this machine's own name is the one to open; an IPv6 address is bracketed.
 */
export function listeningUrl(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "localhost" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The line `npm start` prints once the server listens: the public address (APP_URL) when the owner set
 * one, with the address it listens on beside it (behind a proxy the two differ), else the latter alone.
 */
export function startedMessage(address: AddressInfo, appUrl: string | undefined): string {
  const listening = listeningUrl(address);
  return appUrl ? `Diaspora Policy is running at ${appUrl} (listening on ${listening})` : `Diaspora Policy is running at ${listening}`;
}
