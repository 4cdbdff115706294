/**
 * NODE_EXTRA_CA_CERTS makes every Node process read and parse a certificate file as it
 * starts, before any of its code runs, whether or not it will ever open a TLS connection:
 * ~40 ms of a ~60 ms `node -e 0` on the machines we measure (with a system bundle of ~140
 * certificates; docs/bench.md). The alarm agents never open one (they read a time, write
 * lines, wait, and run a notification command), and a reminder must say "armed" soon after
 * `world spawn` (issue 23): their Node starts without the variable. Its value travels under
 * another name and the agent puts it back as it starts (agents/harness.ts), so the commands
 * it runs see the environment they would have seen.
 */

import { ALARM_KINDS } from "./reminder/armed.js";

/** Built-in kinds whose process opens no TLS connection: the alarm agents. */
const NO_TLS_KINDS: ReadonlySet<string> = new Set(ALARM_KINDS);

const NAME = "NODE_EXTRA_CA_CERTS";
/** Where the value waits in the agent's environment until the agent restores it. */
const CARRIED = "WORLD_CARRIED_NODE_EXTRA_CA_CERTS";

/** The environment for an agent of `kind`: unchanged, or with the certificates carried past its start. */
export function withoutCertificateLoad(kind: string | null | undefined, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (kind === null || kind === undefined || !NO_TLS_KINDS.has(kind) || env[NAME] === undefined) return env;
  const { [NAME]: value, ...rest } = env;
  return { ...rest, [CARRIED]: value };
}

/** In the agent, first thing: what its children inherit is the environment it was spawned with. */
export function restoreCertificates(env: NodeJS.ProcessEnv = process.env): void {
  const value = env[CARRIED];
  if (value === undefined) return;
  delete env[CARRIED];
  env[NAME] ??= value;
}
