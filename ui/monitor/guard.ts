/**
 * Who may talk to the monitor. Three checks, in this order:
 *
 *   Host    must name this server (127.0.0.1, localhost, [::1] or the bound address, with
 *           our port): a DNS-rebinding page on evil.example cannot reach the API.
 *   token   `Authorization: Bearer <token>` on every /api request; EventSource cannot set
 *           headers, so GET /events may carry it as ?token= instead.
 *   Origin  on writes, when present, must be this server's own origin: a page elsewhere
 *           cannot make the browser write for it. Browsers always send Origin on POST;
 *           a client without one (curl, a script) still needs the token.
 *
 * State changes only on POST; every other method on a write route is refused.
 */
import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";
import { sameToken } from "./token.js";

export interface Refusal {
  status: number;
  error: string;
}

export function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** `host:port` forms a browser may put in the Host header for this server. */
export function allowedHosts(bound: string, port: number): Set<string> {
  const names = new Set(["127.0.0.1", "localhost", "[::1]"]);
  if (bound === "0.0.0.0" || bound === "::") {
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) names.add(a.family === "IPv6" ? `[${a.address}]` : a.address);
    }
  } else {
    names.add(bound.includes(":") ? `[${bound}]` : bound);
  }
  return new Set([...names].map((n) => `${n}:${port}`));
}

export function checkHost(req: IncomingMessage, hosts: Set<string>): Refusal | undefined {
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) {
    return { status: 421, error: `unknown Host: expected one of ${[...hosts].join(", ")}, received ${JSON.stringify(host ?? "")}` };
  }
  return undefined;
}

function bearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

export function checkToken(req: IncomingMessage, url: URL, token: string, allowQuery: boolean): Refusal | undefined {
  const given = bearer(req) ?? (allowQuery ? (url.searchParams.get("token") ?? undefined) : undefined);
  if (given === undefined) {
    return { status: 401, error: "missing token: expected `Authorization: Bearer <token>` (the token printed by `world monitor`, also in .world/monitor-token), received none" };
  }
  if (!sameToken(token, given)) return { status: 401, error: "wrong token: expected the token in .world/monitor-token, received another one" };
  return undefined;
}

export function checkOrigin(req: IncomingMessage): Refusal | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const own = `http://${req.headers.host?.toLowerCase() ?? ""}`;
  if (origin.toLowerCase() !== own) {
    return { status: 403, error: `foreign Origin: expected ${own} (this monitor), received ${JSON.stringify(origin)}` };
  }
  return undefined;
}

/** Response headers for every answer: nothing inline, nothing framed, nothing leaked. */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};
