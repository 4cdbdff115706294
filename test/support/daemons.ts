/**
 * The daemons a test file starts (a Keeper, a `world up`), each kept so that `stop` ends it
 * whatever the test did: called from afterEach (SIGKILL), or by a test that needs them gone
 * first (SIGTERM). A daemon started with `void daemons.keeper(...)` is fire-and-forget: it
 * runs until the test kills it or `stop` does; reject: false, so it never rejects.
 */
import { execa, type ResultPromise } from "execa";
import { WORLD_BIN } from "./world.js";

export class Daemons {
  private readonly running: ResultPromise[] = [];

  /** The Keeper daemon, sweeping rarely: its scheduler is what is under test. */
  keeper(home: string, env?: Record<string, string>): ResultPromise {
    return this.add(execa(process.execPath, [WORLD_BIN, "--home", home, "keeper", "--every", "0 0 1 1 *"], { reject: false, stdin: "ignore", ...(env !== undefined && { env }) }));
  }

  /** Any other daemon the test started, stopped with the rest. */
  add(daemon: ResultPromise): ResultPromise {
    this.running.push(daemon);
    return daemon;
  }

  /** Ends each one with `signal` and waits for it to exit. */
  async stop(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    for (const daemon of this.running.splice(0)) {
      daemon.kill(signal);
      await daemon;
    }
  }
}
