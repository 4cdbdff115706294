/**
 * The Verifier in a world shared by several machines (`world sync` wrote
 * .world/sync/nats.json): a finish is judged only after this machine claimed it
 * (sync/claims.ts), so one verdict per finish however many Verifiers run. While the claim
 * cannot be made (the server unreachable) the finish waits: the Verifier's periodic
 * reconcile finds it again. A world without sync never loads any of this.
 */
import type { Logger } from "../tools/process/daemon.js";
import type { AgentEntry, Located } from "../tools/world/entry.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { readSyncConfig } from "../sync/config.js";
import type { Claims } from "../sync/claims.js";

export class ClusterJudging {
  private claims: Claims | undefined;

  constructor(
    private readonly paths: WorldPaths,
    private readonly log?: Logger,
  ) {}

  /** May this machine's Verifier judge this finish? */
  async mayJudge(finish: Located<AgentEntry>): Promise<boolean> {
    const config = readSyncConfig(this.paths);
    if (config === undefined) return true;
    try {
      const { Claims, finishKey } = await import("../sync/claims.js");
      this.claims ??= await Claims.open(config);
      const mine = await this.claims.claim(finishKey(finish.id, finish.ts, finish.output));
      if (!mine) this.log?.info({ id: finish.id }, "another machine's Verifier claimed this finish");
      return mine;
    } catch (error) {
      this.log?.warn({ id: finish.id, error: String(error) }, "could not claim this finish (NATS unreachable?): it waits for the next reconcile");
      return false;
    }
  }

  async close(): Promise<void> {
    await this.claims?.close();
    this.claims = undefined;
  }
}
