/**
 * The extra environment an agent was spawned with (`world spawn --env NAME=value`, or
 * `env` from code), kept so that every later launch of the session — a relaunch after a
 * park, a retry, a re-arm after a restart — gets what the first one got. Values may be
 * secrets: they live only in `.world/spawn-env/<id>.json` (0600, replaced atomically),
 * never in the log; the log's spawn line names the variables at most.
 */
import { join } from "node:path";
import { UsageError, shown } from "../tools/errors.js";
import { lazyZod } from "../tools/lazy-zod.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";
import { removeFile, writePrivateJson } from "../tools/process/private-json.js";
import type { WorldPaths } from "../tools/world/paths.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/**
 * Names to values; a value that is not a string (or a name that is not one) is passed over.
 * Built when there is a file to check: most spawns have none, and load no zod (issue 23).
 */
const SpawnEnvSchema = () => lazyZod().z.record(lazyZod().z.string(), lazyZod().z.unknown());

/** Set by the world on every launch: an agent's own assignment cannot be overridden. */
const RESERVED = ["WORLD_HOME", "WORLD_SESSION_ID", "WORLD_TASK", "WORLD_NEED", "WORLD_ATTEMPT", "WORLD_GUIDANCE", "WORLD_BIN", "WORLD_WOKEN", "WORLD_STATE"] as const;

function file(paths: WorldPaths, id: string): string {
  return join(paths.dir, "spawn-env", `${id}.json`);
}

/** Checks a name for the environment; a UsageError naming what is wrong otherwise. */
export function checkEnvName(name: string): string {
  if (!NAME.test(name)) throw new UsageError(`invalid environment variable name: expected letters, digits and _ (not first a digit), received ${shown(name)}`);
  if ((RESERVED as readonly string[]).includes(name)) throw new UsageError(`reserved environment variable: expected a name other than ${RESERVED.join(", ")} (the world sets those), received ${shown(name)}`);
  return name;
}

/** `NAME=value` pairs (from `--env`, repeatable) as an object; the value may hold `=` and be empty. */
export function parseEnvPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq === -1) throw new UsageError(`invalid --env: expected NAME=value, received ${shown(pair.length > 40 ? `${pair.slice(0, 40)}…` : pair)}`);
    const name = checkEnvName(pair.slice(0, eq));
    const value = pair.slice(eq + 1);
    if (value.includes("\0")) throw new UsageError(`invalid --env ${name}: expected a value without NUL characters, received one with`);
    env[name] = value;
  }
  return env;
}

export function saveSpawnEnv(paths: WorldPaths, id: string, env: Record<string, string>): void {
  writePrivateJson(file(paths, id), env);
}

/** The stored environment of a session, or {} (none stored, or unreadable). */
export function loadSpawnEnv(paths: WorldPaths, id: string): Record<string, string> {
  const data = readJsonStateOrNone(file(paths, id), SpawnEnvSchema, "spawn environment") ?? {};
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) if (typeof v === "string" && NAME.test(k)) env[k] = v;
  return env;
}

/** When the session is over for good (verified): nothing will launch it again. */
export function forgetSpawnEnv(paths: WorldPaths, id: string): void {
  removeFile(file(paths, id));
}
