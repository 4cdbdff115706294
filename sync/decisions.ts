/**
 * One decision per line, cluster-wide, for a daemon that reacts to lines every machine
 * sees (the Spirit: an utterance, an answer to a nudge, an agent to start). Every
 * machine's log holds every line, so without a rule every machine's Spirit would decide
 * it and start its agent. The rule is the claim the Verifier and the Keeper use
 * (sync/claims.ts): a key per line, the same on every machine, made with create; the
 * machine whose create succeeds decides, the others only keep the line as context.
 *
 * The machine that heard it decides, normally: a line written here is claimed at once; a
 * line received from another machine is claimed only if its own machine has not claimed
 * it within 2 s of its timestamp (WORLD_HEARER_FIRST_MS; its Spirit stopped, say), so someone still
 * answers. While
 * the server cannot be reached, a line written here is decided here (offline first: the
 * person in front of this machine gets an answer) and a received one is left to its
 * machine. A world without sync never loads the NATS client: every line is this machine's.
 */
import { sha1Hex } from "../tools/sha1.js";
import { msFromEnv } from "../tools/duration.js";
import { pause, type Logger } from "../tools/process/daemon.js";
import type { Located } from "../tools/world/entry.js";
import { formatEntry } from "../tools/world/format.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { unstamped } from "../tools/world/writer.js";
import type { Claims } from "./claims.js";
import { readSyncConfig } from "./config.js";
import { lineHash } from "./line-hash.js";
import { SyncState } from "./state.js";

/**
 * How long another machine's line is left to the machine that wrote it: 2 s, or
 * WORLD_HEARER_FIRST_MS (a busy machine's Spirit may need longer to claim what it heard;
 * the tests give it a minute so that which machine decides never depends on load).
 */
const hearerFirstMs = (): number => msFromEnv("WORLD_HEARER_FIRST_MS", 2000);

/** How often a line left to its machine is looked at again, to see whether it was claimed. */
const CLAIM_POLL_MS = 100;

/** A received row is looked for this far before the line (a batch is appended in one write). */
const ROW_LOOKBACK = 16 << 20;

/**
 * A line's key: what it is about and its identity, the same bytes on every machine (not
 * its line number). Stamps are left out: an answer received from another machine carries
 * one more (tools/world/writer.ts, sentByAnotherMachine).
 */
export function lineKey(what: string, e: Located): string {
  const label = e.kind === "event" ? e.source : e.status;
  return `${what}.` + sha1Hex(`${e.kind}\n${label}\n${e.id}\n${e.ts}\n${unstamped(e.output)}`);
}

/** The machine a line of this log was received from, or undefined when it was written here. */
export function receivedFrom(paths: WorldPaths, e: Located): string | undefined {
  const hash = lineHash(formatEntry(e));
  const rows = new SyncState(paths).receivedTail((r) => r.sizeBefore + ROW_LOOKBACK >= e.offset);
  return rows.find((r) => r.hash === hash && r.sizeBefore <= e.offset)?.machine;
}

export class ClusterDecisions {
  private claims: Claims | undefined;

  constructor(
    private readonly paths: WorldPaths,
    private readonly log?: Logger,
  ) {}

  /** Does this machine decide `cause` (under `key`)? Always, in a world without sync. */
  async decides(key: string, cause: Located, signal?: AbortSignal): Promise<boolean> {
    const config = readSyncConfig(this.paths);
    if (config === undefined) return true;
    const from = receivedFrom(this.paths, cause);
    try {
      const { Claims } = await import("./claims.js");
      this.claims ??= await Claims.open(config);
      if (from !== undefined) {
        if ((await this.claims.holder(key)) !== undefined) return false; // its machine (or another) decided
        // Counted from when it was written (that machine's clock): an old line read again
        // at a start is not waited for, line after line.
        // The wait ends as soon as someone claims it: while this Spirit waits it decides
        // nothing else, so a line of its own heard meanwhile must not queue behind it.
        const window = hearerFirstMs();
        const until = Math.min(Date.now() + window, Date.parse(cause.ts) + window);
        while (Date.now() < until) {
          await pause(Math.min(CLAIM_POLL_MS, until - Date.now()), signal);
          if (signal?.aborted) break;
          if ((await this.claims.holder(key)) !== undefined) return false;
        }
      }
      const mine = await this.claims.claim(key);
      if (!mine) this.log?.info({ key, line: cause.line }, "another machine decides this line");
      return mine;
    } catch (error) {
      await this.close().catch(() => undefined); // a fresh connection next time
      this.log?.warn({ key, line: cause.line, error: String(error) }, from === undefined ? "could not claim a line heard here (NATS unreachable?): deciding it here" : "could not claim a line from another machine: left to it");
      return from === undefined;
    }
  }

  /** Does this machine start the agent `id`? Only one machine's create succeeds; offline, the one that decided. */
  async starts(id: string): Promise<boolean> {
    const config = readSyncConfig(this.paths);
    if (config === undefined) return true;
    try {
      const { Claims } = await import("./claims.js");
      this.claims ??= await Claims.open(config);
      const mine = await this.claims.claim(`spawn.${sha1Hex(id)}`);
      if (!mine) this.log?.info({ id }, "another machine starts this agent");
      return mine;
    } catch (error) {
      await this.close().catch(() => undefined);
      this.log?.warn({ id, error: String(error) }, "could not claim an agent's start (NATS unreachable?): starting it here");
      return true;
    }
  }

  async close(): Promise<void> {
    const claims = this.claims;
    this.claims = undefined;
    await claims?.close();
  }
}
