/**
 * What `world sync` says in the log itself, as `[event:system][sync] sync on <machine>: …`:
 * that it is connected, that the connection was lost (the machine goes on offline) and
 * that it is back. One line per change, never per retry, so a server down for an hour
 * costs two lines. They are this machine's lines like any other, and replicate; readers
 * that count replicated lines (the tests, the bench) leave the id `sync` out.
 */
import type { NatsConnection } from "nats";
import { Appender } from "../tools/world/append.js";
import type { WorldPaths } from "../tools/world/paths.js";

export const SYNC_ID = "sync";

/** What every notice of one machine starts with. */
export function noticePrefix(machine: string): string {
  return `sync on ${machine}: `;
}

export const CONNECTED_TO = "connected to ";
/** At the start, before any connection: the server does not answer (the sync goes on offline, trying). */
export const UNREACHABLE = "cannot reach the server at ";
/** world sync ended on an error (credentials turned down, a certificate that cannot be checked). */
export const STOPPED = "stopped: ";
const LOST = "lost the server at ";
const BACK = "the server at ";

/** What a notice (without its prefix) says of the connection: the latest one is how it stands. */
export function connectionIn(text: string): "connected" | "offline" | null {
  if (text.startsWith(CONNECTED_TO)) return "connected";
  if (text.startsWith(LOST) || text.startsWith(UNREACHABLE)) return "offline";
  if (text.startsWith(BACK) && text.includes(" is back")) return "connected";
  return null;
}

export function notice(paths: WorldPaths, machine: string, text: string): void {
  const log = new Appender(paths);
  try {
    log.append({ kind: "event", source: "system", id: SYNC_ID, output: `${noticePrefix(machine)}${text}` });
  } finally {
    log.close();
  }
}

/** Follows the connection's status until it closes, writing a notice per change. */
export async function noticeChanges(paths: WorldPaths, machine: string, nc: NatsConnection, url: string, say?: (text: string) => void): Promise<void> {
  let offline = false;
  for await (const s of nc.status()) {
    if (s.type === "disconnect" && !offline) {
      offline = true;
      notice(paths, machine, `${LOST}${url}: working offline, lines are kept and sent when it is back`);
      say?.(`lost the server at ${url}: working offline`);
    } else if (s.type === "reconnect" && offline) {
      offline = false;
      notice(paths, machine, `${BACK}${url} is back: sending the backlog, receiving the others' lines`);
      say?.(`the server at ${url} is back`);
    }
  }
}
