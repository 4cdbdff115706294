/**
 * The machines this world lets write into it over sync (docs/trust.md, "Machines that
 * prove who they are"), like SSH's authorized_keys: `.world/sync/machines.json`, name →
 * public key (sync/machine-key.ts). It changes in three ways only:
 *
 * - a machine enrolls itself, once, on its first `world sync` (its own key: nothing new trusted);
 * - a person at this machine's terminal runs `world sync enroll` or `world sync revoke`;
 * - an enrolment or revocation line arrives over sync from a machine enrolled here, inside a
 *   chunk its key signed, and the line carries its own signature by that key (sync/apply.ts).
 *
 * Each change is also one line in world.log, `[event:system][sync] sync on <m>: enrolled
 * machine <name>, key ed25519:…, by a person at the terminal; signed <sig>`: the audit
 * trail, and how it replicates. The line is not the authority: a line any program appended
 * here changes no list (the list is changed by the CLI, which wants a person, or by a
 * received line whose signature holds), and a line signed without the key is refused
 * elsewhere.
 */
import { sign, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError, shown } from "../tools/errors.js";
import { Appender, syncFromEnv } from "../tools/world/append.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { PRIVATE_DIR, PRIVATE_FILE } from "../tools/world/paths.js";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";
import { ownKey, publicKeyOf } from "./machine-key.js";
import { noticePrefix, SYNC_ID } from "./notices.js";

export interface EnrolledMachine {
  key: string;
  at: string;
  /** Who enrolled it: "itself", "a person at the terminal of <m>", or "machine <m> (over sync)". */
  by: string;
}

export interface MachineList {
  machines: Record<string, EnrolledMachine>;
  revoked: Record<string, EnrolledMachine & { revokedAt: string; revokedBy: string }>;
}

/** `.world/sync/machines.json`. */
export function listFile(paths: WorldPaths): string {
  return join(paths.dir, "sync", "machines.json");
}

export function readMachines(paths: WorldPaths): MachineList {
  let text: string;
  try {
    text = readFileSync(listFile(paths), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { machines: {}, revoked: {} };
    throw error;
  }
  try {
    const list = JSON.parse(text) as MachineList;
    return { machines: list.machines ?? {}, revoked: list.revoked ?? {} };
  } catch (error) {
    throw new UsageError(`unreadable ${listFile(paths)}: expected the JSON world sync enroll writes, received ${shown(String(error))}`);
  }
}

function writeMachines(paths: WorldPaths, list: MachineList): void {
  writeJsonAtomic(listFile(paths), list, { mode: PRIVATE_FILE, dirMode: PRIVATE_DIR, fsync: syncFromEnv() });
}

export type Verb = "enrolled" | "revoked";

/** What an enrolment line's signature covers. */
function enrolmentText(verb: Verb, name: string, key: string, by: string): Buffer {
  return Buffer.from(`world-enrol 1\n${verb}\n${name}\n${key}\n${by}`);
}

const NAME = "[a-z0-9][a-z0-9_-]{0,63}";
const LINE = new RegExp(`^sync on (${NAME}): (enrolled|revoked) machine (${NAME}), key (ed25519:[A-Za-z0-9_-]{43}), (by [^;]*); signed ([A-Za-z0-9+/]+={0,2})$`);

export interface EnrolmentLine {
  by: string;
  verb: Verb;
  name: string;
  key: string;
  who: string;
  sig: string;
}

/** An enrolment or revocation line's parts (undefined: the text is not one). */
export function parseEnrolment(output: string): EnrolmentLine | undefined {
  const m = LINE.exec(output);
  if (!m) return undefined;
  return { by: m[1]!, verb: m[2] as Verb, name: m[3]!, key: m[4]!, who: m[5]!, sig: m[6]! };
}

/** Whether an enrolment line's own signature holds for the key of the machine that sent it. */
export function enrolmentHolds(e: EnrolmentLine, senderKey: KeyObject): boolean {
  try {
    return verify(null, enrolmentText(e.verb, e.name, e.key, e.by), senderKey, Buffer.from(e.sig, "base64"));
  } catch {
    return false;
  }
}

/** Writes the change into the list (no line: the caller writes or received it). */
export function applyEnrolment(paths: WorldPaths, verb: Verb, name: string, key: string, by: string, at: string): void {
  const list = readMachines(paths);
  if (verb === "enrolled") {
    if (list.machines[name]?.key === key) return; // already: the first enrolment is the one kept
    list.machines[name] = { key, at, by };
    delete list.revoked[name];
  } else {
    const was = list.machines[name] ?? { key, at, by: "unknown" };
    delete list.machines[name];
    list.revoked[name] = { ...was, key, revokedAt: at, revokedBy: by };
  }
  writeMachines(paths, list);
}

/** The text of an enrolment line machine `self` writes, signed with its private key. */
export function enrolmentOutput(self: string, verb: Verb, name: string, key: string, who: string, privateKey: KeyObject): string {
  const sig = sign(null, enrolmentText(verb, name, key, self), privateKey).toString("base64");
  return `${noticePrefix(self)}${verb} machine ${name}, key ${key}, ${who}; signed ${sig}`;
}

/** The list changed here, and the line that says so (signed with this machine's key) appended to the log. */
function change(paths: WorldPaths, self: string, verb: Verb, name: string, key: string, who: string, byList: string): void {
  const output = enrolmentOutput(self, verb, name, key, who, ownKey(paths).privateKey);
  const at = new Date().toISOString();
  applyEnrolment(paths, verb, name, key, byList, at);
  const log = new Appender(paths);
  try {
    log.append({ kind: "event", source: "system", id: SYNC_ID, ts: at, output });
  } finally {
    log.close();
  }
}

/**
 * A machine's first `world sync` enrols its own key: the root of its list. Nothing when it
 * is there already, or was revoked (a revoked machine does not re-enrol itself).
 */
export function enrolSelf(paths: WorldPaths, self: string): void {
  const list = readMachines(paths);
  const own = ownKey(paths).text;
  if (list.machines[self]?.key === own || list.revoked[self]?.key === own) return;
  if (list.machines[self] !== undefined) {
    throw new UsageError(
      `this world's key changed since machine ${shown(self)} was enrolled (was .world/chain/ replaced?): expected its enrolled key ${list.machines[self].key}, received ${own}; the other machines know only the old one: remove .world/sync/ and sync under a new --machine name, enrolled again on both sides`,
    );
  }
  change(paths, self, "enrolled", self, own, "by itself (its first world sync)", "itself");
}

/** A person enrols another machine's key under a name (or gives a new key to one). */
export function enrol(paths: WorldPaths, self: string, name: string, key: string): "enrolled" | "already" {
  if (!publicKeyOf(key)) throw new UsageError(`invalid key: expected ed25519:<43 characters>, received ${shown(key)}`);
  enrolSelf(paths, self);
  const list = readMachines(paths);
  if (list.machines[name]?.key === key) return "already";
  if (name === self) throw new UsageError(`cannot enrol ${shown(name)}: it is this machine's own name (its key is enrolled by its first world sync); expected another machine's name`);
  const owner = Object.entries(list.machines).find(([, m]) => m.key === key)?.[0];
  if (owner !== undefined) throw new UsageError(`cannot enrol ${shown(name)}: expected a key of its own, received the key already enrolled as ${shown(owner)}`);
  change(paths, self, "enrolled", name, key, "by a person at the terminal", `a person at the terminal of ${self}`);
  return "enrolled";
}

/** A person revokes a machine: its lines are refused from now on, here and (once the line arrives) on every machine that enrolled this one. */
export function revoke(paths: WorldPaths, self: string, name: string): EnrolledMachine | undefined {
  if (name === self) throw new UsageError(`cannot revoke ${shown(name)}: it is this machine; expected another machine's name (revoke it from another enrolled machine)`);
  const m = readMachines(paths).machines[name];
  if (m === undefined) return undefined;
  change(paths, self, "revoked", name, m.key, "by a person at the terminal", `a person at the terminal of ${self}`);
  return m;
}
