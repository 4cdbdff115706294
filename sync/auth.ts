/**
 * Credentials for the NATS server, given in its URL the way NATS tools take them:
 * `nats://user:password@host:4222` or `nats://token@host:4222`. The nats client does not
 * read a URL's user part (it answered "Authorization Violation"), so they are split off
 * here and passed as its options; and wherever the URL is shown (the log's notices,
 * `world status`, the operational log) it is shown without them: the log replicates to
 * every machine and is read with grep.
 */

export interface NatsAuth {
  /** The URL without its user part. */
  servers: string;
  user?: string;
  pass?: string;
  token?: string;
}

/** The scheme, if any ("nats://"): a user part lies between it and the host. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export function natsAuth(url: string): NatsAuth {
  const scheme = SCHEME.exec(url)?.[0] ?? "";
  const rest = url.slice(scheme.length);
  // The host is after the LAST "@": a password may hold "@" and "/" itself ("p@ss/w").
  const at = rest.lastIndexOf("@");
  if (at === -1) return { servers: url };
  const userinfo = rest.slice(0, at);
  const servers = scheme + rest.slice(at + 1);
  const colon = userinfo.indexOf(":");
  if (colon === -1) return { servers, token: decoded(userinfo) };
  return { servers, user: decoded(userinfo.slice(0, colon)), pass: decoded(userinfo.slice(colon + 1)) };
}

/** Percent-encoding undone where there is some; a lone "%" ("100%pure") is taken as it is. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The client's options for a server: its URL's credentials split off, and a private CA for TLS. */
export function clientOptions(url: string, ca?: string): NatsAuth & { tls?: { caFile: string } } {
  return { ...natsAuth(url), ...(ca !== undefined && { tls: { caFile: ca } }) };
}

/** The server's certificate could not be checked (Node's TLS error codes). */
export function isTlsError(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? "");
  return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS|SSL/.test(code);
}

/** The server turned the credentials down (nats.js NatsError.isAuthError). */
export function isAuthError(error: unknown): boolean {
  return typeof (error as { isAuthError?: unknown })?.isAuthError === "function" && (error as { isAuthError: () => boolean }).isAuthError();
}

/** What the one-line error says was given, never the secret itself. */
export function credentialsGiven(url: string): string {
  const auth = natsAuth(url);
  return auth.user !== undefined ? `the user ${JSON.stringify(auth.user)} and a password` : auth.token !== undefined ? "a token" : "no credentials";
}

/** The URL as it may be shown: without credentials. */
export function shownUrl(url: string): string {
  return natsAuth(url).servers;
}
