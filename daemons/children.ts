/**
 * What `world up` runs. One line per child: each is a `world` subcommand run with the
 * same home, as a thread of `up` (daemons/level-thread.ts) or, with `--processes`, as a
 * process of its own. Every one is part of world (the Spirit and the monitor too): none is
 * optional; `--only` chooses among them.
 */
import { WORLD_BIN } from "../tools/package-root.js";
import type { ChildSpec } from "./supervisor.js";

export interface ChildEntry {
  name: string;
  args: string[];
  /** More environment for this child only (a secret kept out of every process's arguments). */
  env?: Record<string, string>;
}

export const WORLD_CHILDREN: ChildEntry[] = [
  { name: "keeper", args: ["keeper"] },
  { name: "verifier", args: ["verifier"] },
  { name: "spirit", args: ["spirit"] },
  { name: "monitor", args: ["monitor"] },
];

/**
 * `world up --nats …`: `world sync` too, first, with the same options (docs/sync.md). The
 * URL goes in its environment (WORLD_NATS), not its arguments: it may hold credentials,
 * and any user of the machine can read a process's arguments.
 */
export function syncChild(nats: string, stream?: string, machine?: string, ca?: string, insecure = false): ChildEntry {
  return {
    name: "sync",
    args: [
      "sync",
      ...(stream !== undefined ? ["--stream", stream] : []),
      ...(machine !== undefined ? ["--machine", machine] : []),
      ...(ca !== undefined ? ["--nats-ca", ca] : []),
      ...(insecure ? ["--insecure"] : []),
    ],
    env: { WORLD_NATS: nats },
  };
}

/**
 * `more`: children to run before the usual ones (`world sync` with `--nats`); `extra`: more
 * arguments for one child, by name (`world up --port N` → the monitor's `--port N`);
 * `threads`: each child a thread of `up` rather than a process.
 */
export function childSpecs(
  home: string,
  only?: readonly string[],
  extra: Readonly<Record<string, string[]>> = {},
  more: readonly ChildEntry[] = [],
  threads = false,
): ChildSpec[] {
  return [...more, ...WORLD_CHILDREN].filter((c) => (only ? only.includes(c.name) : true))
    .map((c) => ({
      name: c.name,
      command: [process.execPath, WORLD_BIN, "--home", home, ...c.args, ...(extra[c.name] ?? [])],
      ...(c.env && { env: c.env }),
      ...(threads && { thread: true }),
    }));
}
