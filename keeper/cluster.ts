/**
 * The Keeper in a world shared by several machines (`world sync` wrote
 * .world/sync/nats.json): every machine's Keeper sees every session, so a timeout or a
 * nudge it is about to write is first claimed in the JetStream key-value bucket the
 * Verifiers use (sync/claims.ts). The key names the action and the session's state it
 * acts on, the same on every machine (ids and timestamps, never line numbers): of the
 * Keepers that sweep at the same minute, one writes the line, and it reaches the others
 * through the stream. While the claim cannot be made (the server unreachable) the action
 * waits for the next sweep. Processes are never claimed: a Keeper only ever sees, and
 * signals, those of its own machine. A world without sync never loads any of this.
 */
import { sha1Hex } from "../tools/sha1.js";
import type { Logger } from "../tools/process/daemon.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { readSyncConfig } from "../sync/config.js";
import type { Claims } from "../sync/claims.js";

/** A Keeper action's key: its kind, then a hash of the session and the state it acts on. */
export function actionKey(kind: "timeout" | "nudge", ...state: string[]): string {
  return `keeper-${kind}.` + sha1Hex(state.join("\n"));
}

export class ClusterActions {
  private claims: Claims | undefined;

  constructor(
    private readonly paths: WorldPaths,
    private readonly log?: Logger,
  ) {}

  /** May this machine's Keeper write this action's line? Always, in a world without sync. */
  async mine(key: string, id: string): Promise<boolean> {
    const config = readSyncConfig(this.paths);
    if (config === undefined) return true;
    try {
      const { Claims } = await import("../sync/claims.js");
      this.claims ??= await Claims.open(config);
      const mine = await this.claims.claim(key);
      if (!mine) this.log?.info({ id, key }, "another machine's Keeper claimed this action");
      return mine;
    } catch (error) {
      this.log?.warn({ id, key, error: String(error) }, "could not claim this action (NATS unreachable?): it waits for the next sweep");
      return false;
    }
  }

  async close(): Promise<void> {
    await this.claims?.close();
    this.claims = undefined;
  }
}
