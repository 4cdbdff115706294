/**
 * The demo's first three steps. Each runs real commands and then waits for the lines
 * they cause in world.log, narrating each one as it appears.
 */
import { relative } from "node:path";
import { PACKAGE_ROOT } from "../../tools/package-root.js";
import type { Located } from "../../tools/world/entry.js";
import type { Demo } from "./demo.js";
import { HUMAN_ANSWER, NUDGE_ANSWER, PERMIT_AGENT, PERMIT_NEED, PERMIT_TASK, REMINDER_REQUEST, TRANSCRIPT } from "./story.js";

/** How often the Keeper sweeps during the demo (node-cron, seconds first). */
const KEEPER_EVERY = "*/5 * * * * *";

const spiritSaid = (id: string | undefined, prefix: string) => (e: Located) =>
  e.kind === "event" && e.source === "spirit" && (id === undefined || e.id === id) && e.output.startsWith(prefix);
const status = (id: string, s: string, after = 0) => (e: Located) => e.kind === "agent" && e.id === id && e.status === s && e.line > after;

/** Paths under the package, as a person would type them from its root. */
const shown = (path: string) => relative(PACKAGE_ROOT, path);

export async function startDaemons(d: Demo): Promise<{ url: string }> {
  d.step = "1/4 (starting the daemons)";
  d.n.step(1, "A temporary world, and the processes around its log");
  d.n.say(`the world: ${d.paths.home} (world.log, and .world/ beside it)`);

  const start = (name: string, label: string, args: string[]) => {
    d.n.command(["world", ...args]);
    return d.start(name, label, args);
  };
  const verifier = start("verifier", "the Verifier", ["verifier"]);
  const keeper = start("keeper", "the Keeper", ["keeper", "--every", KEEPER_EVERY]);
  const spirit = start("spirit", "the Spirit", ["spirit", "--brain", "offline"]);
  const monitor = start("monitor", "the web monitor", ["monitor", "--port", "0"]);

  await d.wait("the Spirit's [event:spirit][spirit] awake: line", spiritSaid("spirit", "awake:"));
  d.n.say(`the Spirit is awake (pid ${spirit.pid}): it follows the log and decides: spawn, nudge, observe, or stay quiet`);
  await d.wait("the Keeper's first [event:system][keeper] swept: line", (e) => e.kind === "event" && e.source === "system" && e.id === "keeper" && e.output.startsWith("swept:"));
  d.n.say(`the Keeper swept the world (pid ${keeper.pid}): timeouts, dead processes, escalations, log health; again every 5 s`);
  await d.within("the Verifier to start following the log", verifier.printed(/verifier: following/));
  d.n.say(`the Verifier is following the log (pid ${verifier.pid}): it judges every finished agent against its need`);
  const url = (await d.within("the monitor's URL on its output", monitor.printed(/^(http:\/\/\S+#token=\S+)$/m)))[1]!;
  // Only worth opening when it outlives the run (--keep-running); otherwise it ends with the demo.
  if (d.settings.keepRunning === true) d.n.say(`the web monitor is up (pid ${monitor.pid}): open ${url} to watch live; it stays up after the summary (--keep-running)`);
  else d.n.say(`the web monitor is up (pid ${monitor.pid}); it ends with the demo: run world demo --keep-running to look around in it afterwards`);
  return { url };
}

export async function conversation(d: Demo): Promise<void> {
  d.step = "2/4 (the conversation)";
  d.n.step(2, "A conversation, heard by the Spirit");
  d.n.command(["world", "listen", "--file", shown(TRANSCRIPT)]);
  await d.world(["listen", "--file", TRANSCRIPT]);
  d.n.say("each utterance is now an [event:voice] line; small talk gets no reaction (quiet is the default)");

  const spawn = await d.wait(`the Spirit spawning a reminder agent for "${REMINDER_REQUEST}"`, spiritSaid(undefined, "spawn: reminder"));
  d.n.say(`the user asked for a reminder: explicit and low-risk, so the Spirit spawned a reminder agent at once (session ${spawn.id})`);
  const nudge = await d.wait("the Spirit asking about the flight (nudge:)", (e) => spiritSaid(undefined, "nudge:")(e) && /flight/i.test(e.output));
  d.n.say(`alice and the user planned a flight: said to each other, not to the assistant, so the Spirit only asks, and offline offers a search it can open in the browser (${nudge.id})`);

  d.n.say(`a human answers the Spirit: "${NUDGE_ANSWER}"`);
  // The demo answers for the person watching it, so it says it is one (docs/trust.md).
  d.n.command(["world", "--as-human", "respond", nudge.id, NUDGE_ANSWER]);
  await d.world(["--as-human", "respond", nudge.id, NUDGE_ANSWER]);
  await d.wait(`the Spirit closing its question ${nudge.id} (nudge declined)`, spiritSaid(nudge.id, "nudge declined"));
  d.n.say("declined: nothing is done, and the answer weighs on the next flight question");

  await d.wait(`the reminder's [event:notify][${spawn.id}] delivery`, (e) => e.kind === "event" && e.source === "notify" && e.id === spawn.id);
  d.n.say("three seconds after it was asked, the reminder fires (a desktop notification too, where there is one)");
  await d.wait(`[agent:finish][${spawn.id}]`, status(spawn.id, "finish"));
  const verified = await d.wait(`[agent:verified][${spawn.id}]`, status(spawn.id, "verified"));
  d.n.say(`the agent finished with evidence, and the Verifier checked its need exactly: verified (line ${verified.line})`);
}

export async function stuckAgent(d: Demo): Promise<void> {
  d.step = "3/4 (the agent that needs a human)";
  d.n.step(3, "An agent that cannot finish alone");
  const text = `${PERMIT_TASK} | need: ${PERMIT_NEED}`;
  d.n.command(["world", "spawn", text, "--", "node", shown(PERMIT_AGENT)]);
  const id = (await d.world(["spawn", text, "--", process.execPath, PERMIT_AGENT])).trim();
  d.n.say(`session ${id}: the need asks for permit.txt with the car's plate number, which the agent does not know`);

  await d.wait(`the first [agent:finish][${id}]`, status(id, "finish"));
  d.n.say("it finished anyway, saying what is missing; the Verifier checks the need exactly: not met");
  for (let n = 1; n <= 3; n++) {
    await d.wait(`[agent:retry][${id}] number ${n}`, status(id, "retry"), n);
    d.n.say(`retry ${n} of 3: the Verifier starts the agent again, its guidance in WORLD_GUIDANCE`);
  }
  const failed = await d.wait(`[agent:failed][${id}] after three retries`, status(id, "failed"));
  d.n.say("still no plate after three retries: the Verifier marks it failed, with a question for a person");
  const needs = await d.wait(`the Spirit telling the user [event:spirit][${id}] needs you`, spiritSaid(id, "needs you"));
  d.n.say(`the Spirit tells the user, in one line: ${needs.output.slice("needs you: ".length)}`);
  d.n.say("(the monitor shows it under \"Needs you\")");

  d.n.say(`a human answers: "${HUMAN_ANSWER}"`);
  d.n.command(["world", "--as-human", "respond", id, HUMAN_ANSWER]);
  await d.world(["--as-human", "respond", id, HUMAN_ANSWER]);
  const back = await d.wait(`[agent:retry][${id}] with the human's answer`, status(id, "retry", failed.line));
  d.n.say("the Verifier sends it back to work, with the answer in WORLD_GUIDANCE");
  await d.wait(`[agent:finish][${id}] after the answer`, status(id, "finish", back.line));
  const verified = await d.wait(`[agent:verified][${id}]`, status(id, "verified", back.line));
  d.n.say(`it took the plate from the answer and wrote permit.txt; the Verifier checked it: verified (line ${verified.line})`);
}
