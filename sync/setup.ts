/**
 * Settling a world's sync options, for `world sync` and `world up --nats`: the URL, the
 * stream and the machine name checked (one-line errors, exit 2), the machine name fixed,
 * and .world/sync/nats.json written, so the Verifier claims finishes from now on.
 */
import type { WorldPaths } from "../tools/world/paths.js";
import { writeSyncConfig, type SyncConfig } from "./config.js";
import { checkMachine, checkNatsUrl, checkStream, defaultMachine, DEFAULT_STREAM } from "./names.js";
import { SyncState } from "./state.js";

export interface SyncCliOptions {
  nats?: string;
  stream?: string;
  machine?: string;
}

/** The options' own errors (exit 2), before anything is written or locked. */
export function checkSyncOptions(opts: SyncCliOptions, command: string): { url: string; stream: string; machine: string | undefined } {
  const url = checkNatsUrl(opts.nats, command);
  const stream = checkStream(opts.stream ?? DEFAULT_STREAM);
  return { url, stream, machine: opts.machine === undefined ? undefined : checkMachine(opts.machine) };
}

export function prepareSync(paths: WorldPaths, opts: SyncCliOptions, command: string): SyncConfig {
  const { url, stream, machine: given } = checkSyncOptions(opts, command);
  const machine = new SyncState(paths).machine(given, defaultMachine());
  const config = { url, stream, machine };
  writeSyncConfig(paths, config);
  return config;
}
