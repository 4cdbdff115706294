/**
 * .world/sync/nats.json: written by `world sync` when it starts, so that the other daemons
 * of this world (the Verifier) know it is one machine of several, and where the server is.
 * Read without loading the NATS client.
 */
import { join } from "node:path";
import type { z } from "zod";
import { lazyZod } from "../tools/lazy-zod.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";
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

/** Built when there is a configuration to check: a world without sync loads no zod (issue 23). */
function SyncConfigSchema(): z.ZodType<SyncConfig> {
  const { z } = lazyZod();
  return z.object({ url: z.string(), stream: z.string(), machine: z.string(), ca: z.string().optional() });
}

export function readSyncConfig(paths: WorldPaths): SyncConfig | undefined {
  // Missing or malformed: judged as a single machine would, and said by the Verifier's log.
  return readJsonStateOrNone(configFile(paths), SyncConfigSchema, "sync configuration");
}

/** Only this user may read it: the URL may hold the server's credentials (sync/auth.ts). */
export function writeSyncConfig(paths: WorldPaths, config: SyncConfig): void {
  writeSyncJson(configFile(paths), config, PRIVATE_FILE);
}
