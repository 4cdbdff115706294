/**
 * .world/sync/nats.json: written by `world sync` when it starts, so that the other daemons
 * of this world (the Verifier) know it is one machine of several, and where the server is.
 * Read without loading the NATS client.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_FILE, type WorldPaths } from "../tools/world/paths.js";
import { writeSyncJson } from "./state.js";

export interface SyncConfig {
  url: string;
  stream: string;
  machine: string;
  /** The server's certificate authority (PEM file), when it is a private one. */
  ca?: string;
}

function configFile(paths: WorldPaths): string {
  return join(paths.dir, "sync", "nats.json");
}

export function readSyncConfig(paths: WorldPaths): SyncConfig | undefined {
  const file = configFile(paths);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SyncConfig;
  } catch {
    return undefined; // unreadable: judged as a single machine would, and said by the Verifier's log
  }
}

/** Only this user may read it: the URL may hold the server's credentials (sync/auth.ts). */
export function writeSyncConfig(paths: WorldPaths, config: SyncConfig): void {
  writeSyncJson(configFile(paths), config, PRIVATE_FILE);
}
