/**
 * Leaving nothing behind. Gracefully: SIGTERM to each daemon (SIGKILL after a grace
 * period), then any task agent still running (from the process records the spawner
 * keeps in .world/procs/, as the Keeper would; each said in world.log), then the log
 * watch reads the last lines (the Spirit's "asleep"). Forcefully (a second Ctrl-C, or
 * the demo process exiting): SIGKILL to all of them at once.
 */
import { allProcRecords, recordedGroupAlive, type StartedProcRecord } from "../../agents/procs.js";
import { pause } from "../../tools/process/daemon.js";
import { signalGroup } from "../../tools/process/identity.js";
import { appendOnce } from "../../tools/world/append.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import type { Demo } from "./demo.js";
import { terminateGroups } from "../../tools/process/terminate.js";

function liveAgents(paths: WorldPaths): StartedProcRecord[] {
  return allProcRecords(paths).filter(recordedGroupAlive);
}

/** SIGTERM to agents still running, SIGKILL after `graceMs`; returns how many there were. */
async function stopAgents(paths: WorldPaths, graceMs: number): Promise<number> {
  const live = liveAgents(paths);
  await terminateGroups(live, {
    graceMs,
    onSignal: (r, signal) => {
      const why = signal === "SIGTERM" ? "the demo is shutting down" : `still running ${graceMs} ms after SIGTERM`;
      appendOnce(paths, { kind: "event", source: "system", id: r.id, output: `demo: ${signal} to process group ${r.pgid} (${why})` });
    },
  });
  return live.length;
}

export async function shutdown(d: Demo): Promise<void> {
  d.stopping = true;
  d.n.line();
  d.n.say("stopping everything: SIGTERM to each process, as Ctrl-C would (press Ctrl-C again to force)");
  const grace = d.settings.stopTimeoutMs;
  const ends = await Promise.all(d.daemons.map(async (daemon) => `${daemon.label} ${await daemon.stop(grace)}`));
  d.recordDaemons("stopped");
  const agents = await stopAgents(d.paths, grace);
  // The last lines (the Spirit's "asleep", our SIGTERM notes) are shown before the watch stops.
  // The 5 s limit is cancelled once caught up: a pending timer would keep the process for 5 s after its last line.
  const caughtUp = new AbortController();
  await Promise.race([d.watch.caughtUp(), pause(5_000, caughtUp.signal)]);
  caughtUp.abort();
  await d.watch.stop();
  for (const end of ends) d.n.say(end);
  if (agents > 0) d.n.say(`${agents} task agent${agents === 1 ? " was" : "s were"} still running and stopped`);
  const left = [...d.daemons.filter((daemon) => daemon.alive()).map((daemon) => `${daemon.label} (pid ${daemon.pid})`), ...liveAgents(d.paths).map((r) => `agent ${r.id} (pid ${r.pid})`)];
  if (left.length > 0) d.settings.warn(`still running after the shutdown: ${left.join(", ")}`);
  else d.n.say(`no process left behind (${d.daemons.length} daemons, ${allProcRecords(d.paths).length} agent records checked)`);
}

/** The second signal, or the demo exiting in a hurry: SIGKILL to everything, synchronously. */
export function killAll(d: Demo): void {
  d.stopping = true;
  for (const daemon of d.daemons) daemon.kill();
  for (const r of liveAgents(d.paths)) signalGroup(r.pgid, "SIGKILL");
}
