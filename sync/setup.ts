/**
 * Settling a world's sync options, for `world sync` and `world up --nats`: the URL, the
 * stream and the machine name checked (one-line errors, exit 2), the machine name fixed,
 * and .world/sync/nats.json written, so the Verifier claims finishes from now on.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError, shown } from "../tools/errors.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { writeSyncConfig, type SyncConfig } from "./config.js";
import { checkMachine, checkNatsUrl, checkStream, defaultMachine, DEFAULT_STREAM } from "./names.js";
import { SyncState } from "./state.js";

export interface SyncCliOptions {
  nats?: string;
  stream?: string;
  machine?: string;
  /** A PEM file of the certificate authority that signed the server's TLS certificate (a private one). */
  natsCa?: string;
  /** Accept a server that asks for no credentials (sync/replicate.ts says what that means). */
  insecure?: boolean;
}

/** The options' own errors (exit 2), before anything is written or locked. */
export function checkSyncOptions(opts: SyncCliOptions, command: string): { url: string; stream: string; machine: string | undefined; ca: string | undefined } {
  const url = checkNatsUrl(opts.nats, command);
  const stream = checkStream(opts.stream ?? DEFAULT_STREAM);
  return { url, stream, machine: opts.machine === undefined ? undefined : checkMachine(opts.machine), ca: opts.natsCa === undefined ? undefined : checkCa(opts.natsCa) };
}

/** The CA file as an absolute path (the daemons read it from nats.json, from their own directory). */
function checkCa(file: string): string {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`unreadable --nats-ca: expected a PEM file of the server's certificate authority, received ${shown(file)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (!text.includes("-----BEGIN CERTIFICATE-----")) {
    throw new UsageError(`invalid --nats-ca: expected a PEM file of the server's certificate authority (-----BEGIN CERTIFICATE-----), received ${shown(file)}`);
  }
  return path;
}

export function prepareSync(paths: WorldPaths, opts: SyncCliOptions, command: string): SyncConfig {
  const { url, stream, machine: given, ca } = checkSyncOptions(opts, command);
  const machine = new SyncState(paths).machine(given, defaultMachine());
  const config: SyncConfig = { url, stream, machine, ...(ca !== undefined && { ca }) };
  writeSyncConfig(paths, config);
  return config;
}
