import type { Server } from "node:http";

/**
 * Node closes a kept-alive connection after 5 idle seconds by default, while nginx (deploy/nginx) keeps
 * its idle connections to the server for up to 60 seconds and reuses them. When the server closes one
 * just as nginx sends a request on it, that request fails, and nginx resends only requests that are safe
 * to repeat: a form's POST is answered 502. So the server waits longer than the proxy (KEEP_ALIVE_TIMEOUT_SECONDS,
 * 65 by default) and the proxy is always the one that closes. The time allowed for a request's headers
 * stays above it, as guides for servers behind load balancers ask: older Node versions counted it from
 * the previous request on the same connection, where a shorter one cut off a request sent after a long
 * idle spell (ADR 089).
 */
export function keepConnectionsLongerThanTheProxy(server: Server, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  server.headersTimeout = (seconds + HEADERS_MARGIN_SECONDS) * 1000;
}

/** Node itself waits a second past keepAliveTimeout before closing; the headers' time leaves room for it. */
const HEADERS_MARGIN_SECONDS = 5;
