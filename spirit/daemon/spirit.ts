/**
 * The Spirit: follows world.log from its own cursor and reacts.
 *
 *   [event:voice][<speaker>] …   → a preference, or the brain's proposal through the rules
 *   [event:user][<nudge-id>] …   → the answer to a nudge: a spawn, or nothing (a short
 *                                  spoken yes/no to the one recent nudge is relayed as such a line)
 *   [agent:failed][<id>] …       → "needs you: <a sentence for a person>", once (one line)
 *   the Keeper's reminder line   → a desktop notification only (its line is the one line)
 *   the Keeper's "disk low" line → "needs you: disk low: …", once per time it goes low
 *   a clock                      → unanswered nudges expire; upcoming meetings get a prep agent
 *
 * What it remembers is folded from the log (its own lines, via the SQLite index at
 * start-up, then live), so a restart neither misses nor repeats: entries after the
 * cursor are read again, and every reaction is keyed so that it is written only once.
 */
import { isDiskFull } from "../../tools/disk.js";
import type { Entry, EventEntry, Located } from "../../tools/world/entry.js";
import { Appender } from "../../tools/world/append.js";
import { readCursor, writeCursor } from "../../tools/world/cursor.js";
import { followBatches } from "../../tools/world/follow.js";
import { openIndex } from "../../tools/world/index-db.js";
import { EXPIRY_WORDS } from "../../tools/world/asks/nudge-state.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { describeProblem, logSize, type Position } from "../../tools/world/read.js";
import { surviveFullDisk, type Logger } from "../../tools/process/daemon.js";
import { tryLock } from "../../tools/process/lock.js";
import { RefusedError } from "../../tools/errors.js";
import type { Brain } from "../decide/brain.js";
import type { SpiritConfig } from "./config.js";
import type { Action } from "../decide/decide.js";
import { formatDuration } from "../../tools/duration.js";
import { isDiskLow, isEscalation, onDiskLow, onEscalation, onFailed, type NeedsYou } from "./escalation.js";
import { CALENDAR_ID, heard as heardSuffix, quote, say, SELF_ID, SOURCE } from "./lines.js";
import { VOICE_SOURCE } from "../input/speaker.js";
import { loadMemory, SpiritMemory, type Heard } from "./memory.js";
import { ANSWER_SOURCE, answerNudge, expiredNudges, isAnswer } from "./nudges.js";
import type { Hearing } from "../decide/hearing.js";
import { isBehind, lateLine, lateRequests } from "./late.js";
import { idFor } from "./ids.js";
import { Situation } from "./situation.js";
import { warmNlp } from "../language/nlp.js";
import { ClusterDecisions, lineKey } from "../../sync/decisions.js";

const READER = "spirit";

/**
 * What a voice line leads to (the intent detector, the grammar of commands, plans,
 * questions: most of the Spirit's code) is loaded at the first voice line, like the questions'
 * parser (spirit/language/nlp.ts): its start pays only for reading the log, and a Spirit that hears
 * nothing stays light (issue 23). With the Claude brain, whose deadline counts from the
 * words, spirit/daemon/assemble.ts loads it before the Spirit is awake.
 */
let hearingModule: Promise<typeof import("../decide/hearing.js")> | undefined;
export const loadLanguage = () => (hearingModule ??= import("../decide/hearing.js"));

export interface SpawnRequest {
  task: string;
  need: string;
  kind?: string;
  id?: string;
  env?: Record<string, string>;
}
/** agents/spawn.ts spawnAgent, or a stand-in with the same shape. */
export type Spawner = (paths: WorldPaths, options: SpawnRequest) => Promise<{ id: string; pid: number | null }>;

type SpawnPlan = { id: string; agentKind: string; task: string; need: string; reason: string; env?: Record<string, string> };

export interface SpiritDeps {
  paths: WorldPaths;
  config: SpiritConfig;
  memory: SpiritMemory;
  /** Built by the caller, which may give it `spirit.report` to log brain status lines. */
  brain: Brain;
  spawn: Spawner;
  log: Logger;
  /** Show desktop notifications for "needs you" (the log line is always written). */
  notify?: boolean;
}


export class Spirit {
  private readonly appender: Appender;
  private readonly memory: SpiritMemory;
  /** Agents, the next meeting, the machine: the brain's view of the world besides speech. */
  private readonly situation = new Situation();
  private calendarRun: Promise<void> | undefined;
  /** In a synced world, each line decided and each agent started by one machine's Spirit (docs/sync.md). */
  private readonly cluster: ClusterDecisions;
  private signal: AbortSignal | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly d: SpiritDeps) {
    this.appender = new Appender(d.paths);
    this.memory = d.memory;
    this.cluster = new ClusterDecisions(d.paths, d.log);
  }

  /** Its operational log (.world/logs/spirit.log): where its shutdown rule says it is stopping. */
  get log(): Logger {
    return this.d.log;
  }

  /** Write one of our lines, and remember it at once (it also comes back through the log). */
  readonly report = (id: string, output: string): Entry => {
    const entry = this.appender.append({ kind: "event", source: SOURCE, id, output });
    this.memory.apply(entry);
    this.armExpiry(); // a question asked opens a nudge
    return entry;
  };

  /** Until `signal`; a full disk pauses it (waiting for space) instead of ending it. */
  async run(signal: AbortSignal): Promise<void> {
    await surviveFullDisk(this.d.paths, this.d.log, () => this.runOnce(signal), signal, "spirit");
  }

  private async runOnce(signal: AbortSignal): Promise<void> {
    // One Spirit per world: two would both answer every utterance.
    const lock = tryLock(this.d.paths, "spirit");
    if ("heldBy" in lock) throw new RefusedError(`the Spirit is already running in ${this.d.paths.home}: expected no other, received pid ${lock.heldBy}`);
    try {
      await this.runLocked(signal);
    } finally {
      lock.release();
    }
  }

  private async runLocked(signal: AbortSignal): Promise<void> {
    const { paths, config, log } = this.d;
    this.signal = signal;
    const { position, reset } = readCursor(paths, READER, logSize(paths.log));
    if (reset) log.warn({ reset }, "cursor reset");
    const index = openIndex(paths);
    try {
      loadMemory(index, this.memory, position);
      this.situation.load(index);
    } finally {
      index.close();
    }
    const calendar = config.calendar ? `, calendar ${quote(config.calendar)}` : "";
    // The expiry is said here so that readers of the log (world query nudges, the monitor)
    // know when an open nudge expires without reading our config (tools/world/asks/nudge-state.ts).
    const expiryWords = `${EXPIRY_WORDS}${formatDuration(config.nudgeExpiryMs)}`;
    this.report(SELF_ID, `awake: ${this.d.brain.name} brain, user speaker ${quote(config.user)}, reading from line ${position.line + 1}, ${expiryWords}${calendar}`);
    log.info({ position, config }, "awake");

    this.armExpiry();
    const calendarTimer = config.calendar ? setInterval(() => this.checkCalendar(signal), config.calendarPollMs) : undefined;
    if (config.calendar) this.checkCalendar(signal);
    try {
      const batches = followBatches(paths, {
        from: position,
        signal,
        onProblem: (p) => log.warn(describeProblem(p)),
        onPosition: (p) => this.saveCursor(p),
      });
      const awakeAt = Date.now();
      for await (const batch of batches) {
        await this.handleBatch(batch, awakeAt, signal);
        this.armExpiry(); // nudges opened or answered in the log
      }
    } finally {
      clearTimeout(this.expiryTimer);
      this.expiryTimer = undefined;
      if (calendarTimer) clearInterval(calendarTimer);
      await this.calendarRun;
      await this.cluster.close(); // reopened lazily if a full disk only paused this run
      try {
        // Only a signal puts it to sleep; a full disk pauses it (run() starts it again).
        // The reason its caller gave (tools/process/daemon.ts StopCause): under `world up` as a thread, its stop message, not a signal.
        if (signal.aborted) this.report(SELF_ID, `asleep: stopped${typeof signal.reason === "string" ? ` ${signal.reason}` : ""}`);
      } finally {
        this.appender.close();
        log.info(signal.aborted ? "asleep" : "paused");
      }
    }
  }

  /**
   * Everything waiting when the log was read. Behind (spirit/daemon/late.ts), every voice line but
   * the latest is heard as conversation, not decided; the requests among them get one line.
   */
  private async handleBatch(batch: Located[], awakeAt: number, signal: AbortSignal): Promise<void> {
    const voice = batch.filter((e): e is Located<EventEntry> => e.kind === "event" && e.source === VOICE_SOURCE);
    const behind = isBehind(voice, Date.now(), awakeAt);
    const latest = voice.at(-1);
    const late: Located<EventEntry>[] = [];
    const heardLate: Heard[] = [];
    for (const entry of batch) {
      if (behind && entry.kind === "event" && entry.source === VOICE_SOURCE && entry !== latest) {
        late.push(entry as Located<EventEntry>);
        await this.safely(entry, async () => {
          const hearing = await this.fold(entry as Located<EventEntry>);
          heardLate.push(hearing.heard);
          if (hearing.type === "context") return;
          // A late yes or a preference is still acted on: by one machine's Spirit, as for any voice line.
          if (await this.cluster.decides(lineKey("spirit-hear", entry), entry, this.signal)) await this.decided(hearing, entry as Located<EventEntry>);
        });
      } else {
        if (entry === latest && late.length > 0) await this.safely(late[0]!, () => this.caughtUp(late, heardLate));
        await this.safely(entry, () => this.handle(entry));
      }
      if (signal.aborted) return;
    }
  }

  /** One reaction, kept from stopping the Spirit: a full disk stops this run (run() waits for space and reads again from the cursor); anything else is in the operational log. */
  private async safely(entry: Located, react: () => Promise<void>): Promise<void> {
    try {
      await react();
    } catch (error) {
      if (isDiskFull(error)) throw error;
      this.d.log.error({ err: error, line: entry.line }, "could not handle an entry");
    }
  }

  /** A voice line heard late: remembered (memory, situation, conversation), not decided. */
  private async fold(entry: Located<EventEntry>): Promise<Hearing> {
    this.memory.apply(entry);
    this.situation.apply(entry);
    return (await loadLanguage()).foldLate(entry, this.memory);
  }

  /** The backlog read: one line naming the user's requests in it that were not done (none when there were none). */
  private async caughtUp(late: Located<EventEntry>[], heard: Heard[]): Promise<void> {
    const first = late[0]!;
    const lateBy = Date.now() - Date.parse(first.ts);
    const requests = await lateRequests(heard);
    this.d.log.info({ lines: late.length, from: first.line, to: late.at(-1)!.line, lateBy, requests: requests.length }, "behind: heard as context");
    if (requests.length === 0) return;
    const id = idFor("late", first);
    if (this.memory.written.has(id)) return; // the same backlog read again (a restart before the cursor moved)
    if (!(await this.cluster.decides(lineKey("spirit-late", first), first, this.signal))) return;
    const output = lateLine(late.length, requests, lateBy);
    this.report(id, output);
    await this.show("world", output, id);
  }

  private saveCursor(position: Position): void {
    writeCursor(this.d.paths, READER, position);
  }

  private async handle(entry: Located): Promise<void> {
    this.memory.apply(entry);
    this.situation.apply(entry);
    if (entry.kind === "agent") {
      if (entry.status === "failed") await this.tell(onFailed(entry as Located<typeof entry>, this.memory, this.d.paths.log), entry);
      return;
    }
    if (entry.source === VOICE_SOURCE) return this.hear(entry as Located<EventEntry>);
    if (isAnswer(entry, this.memory)) return this.answer(entry);
    if (isEscalation(entry)) await this.tell(onEscalation(entry, this.memory, this.d.paths.log), entry);
    if (isDiskLow(entry)) await this.tell(onDiskLow(entry, this.memory, this.d.paths.log), entry);
  }

  private async hear(entry: Located<EventEntry>): Promise<void> {
    // The questions' parser (~30 MB) loads in the background at the first voice line, not at
    // start: a Spirit that hears nothing stays light (issue 23); once loaded, this is a no-op.
    warmNlp();
    // Another machine's Spirit decides it: here it is context only (memory and situation have it).
    if (!(await this.cluster.decides(lineKey("spirit-hear", entry), entry, this.signal))) return;
    const { hearVoice } = await loadLanguage();
    const hearing = await hearVoice(
      entry,
      {
        memory: this.memory,
        brain: this.d.brain,
        config: this.d.config,
        situation: () => this.situation.describe(this.memory.openNudges(), this.d.paths.home, new Date()),
        world: this.situation,
      },
      Date.now(),
    );
    return this.decided(hearing, entry);
  }

  private async decided(hearing: Hearing, entry: Located<EventEntry>): Promise<void> {
    switch (hearing.type) {
      case "stale":
        this.d.log.debug({ line: entry.line, age: hearing.age }, "stale voice line: context only");
        return;
      case "context":
        return;
      case "answer":
        // Relayed as the line `world respond` would write; handle() then treats it as an answer.
        this.appender.append({ kind: "event", source: ANSWER_SOURCE, id: hearing.to, output: hearing.text });
        // "… and also set an alarm for seven": the request after the yes, acted on as if said alone.
        if (hearing.then !== undefined) return this.act(hearing.then, hearing.heard, entry);
        return;
      case "action":
        return this.act(hearing.action, hearing.heard, entry);
    }
  }

  private async act(action: Action, heard: Heard, cause: Located): Promise<void> {
    if (action.type === "quiet") {
      this.d.log.info({ line: cause.line, speaker: heard.speaker, why: action.why }, "quiet");
      return;
    }
    if (this.memory.written.has(action.id)) return; // reacted to this line before (a restart)
    if (action.type === "spawn") return this.spawn(action, cause.ts);
    if (action.type === "manage") return this.manage(action, heard);
    const line = (await loadLanguage()).actionLine(action, heard);
    this.report(line.id, line.output);
    // An answer said to the user reaches them where they are too (the desktop), without a second log line.
    if (action.type === "say") await this.show("world", action.text, action.id);
  }

  /** Cancel, move or snooze for the user: acted on when the words mean exactly one (or "all"), then one line saying what was done. */
  private async manage(action: Extract<Action, { type: "manage" }>, heard: Heard): Promise<void> {
    const { carryOut, targetsOf } = await import("../decide/manage.js");
    const targets = targetsOf(action.request, action.atWork);
    const output = typeof targets === "string" ? targets : await carryOut(this.d.paths, action.request, targets, action.voice, new Date());
    this.report(action.id, `${output} ${heardSuffix(heard.speaker, heard.text)}`);
    await this.show("world", output.replace(/^manage: /, ""), action.id);
  }

  private async show(title: string, message: string, id: string, urgency = "normal"): Promise<void> {
    if (this.d.notify === false) return;
    try {
      const { desktopNotify } = await import("../../tools/notify.js");
      const desktop = await desktopNotify(title, message, urgency);
      if (!desktop.shown) this.d.log.info({ id, why: desktop.why }, "no desktop notification");
    } catch (error) {
      this.d.log.warn({ err: error, id }, "notify failed");
    }
  }

  /** `saidAt`: the time of the words that asked for it; the agent reads relative times against it (WORLD_SAID_AT). */
  private async spawn(plan: SpawnPlan, saidAt?: string): Promise<void> {
    if (this.memory.written.has(plan.id)) return;
    if (!(await this.cluster.starts(plan.id))) return;
    this.report(plan.id, say.spawn(plan.agentKind, plan.task, plan.reason));
    const env = { ...plan.env, ...(saidAt !== undefined && { WORLD_SAID_AT: saidAt }) };
    try {
      const { pid } = await this.d.spawn(this.d.paths, { task: plan.task, need: plan.need, kind: plan.agentKind, id: plan.id, ...(Object.keys(env).length > 0 && { env }) });
      this.d.log.info({ id: plan.id, pid, kind: plan.agentKind }, "spawned");
    } catch (error) {
      this.report(plan.id, say.spawnFailed((error as Error).message.replace(/\s+/g, " ").slice(0, 300)));
    }
  }

  private async answer(entry: Located<EventEntry>): Promise<void> {
    if (this.memory.reactedTo(`nudge:${entry.id}`, entry)) return;
    this.memory.markReacted(entry);
    if (!(await this.cluster.decides(lineKey("spirit-answer", entry), entry, this.signal))) return;
    const outcome = answerNudge(entry, this.memory);
    if (outcome === undefined) return;
    if (outcome.type === "line") this.report(outcome.id, outcome.output);
    else await this.spawn(outcome);
  }

  private async tell(needs: NeedsYou | undefined, cause: Located): Promise<void> {
    if (needs === undefined) return;
    this.memory.markReacted(cause);
    // One line per event: ours, when the cause needs one; the desktop is told without a
    // second ([event:notify]) line, which would say the same thing again in the log.
    if (needs.output !== undefined) this.report(needs.id, needs.output);
    await this.show("world needs you", needs.message, needs.id, "critical");
  }

  /**
   * One timer, for the earliest open nudge's expiry; none while no nudge is open. (It was a
   * tick every second: an idle Spirit woke its thread once a second for nothing, issue 23.)
   * Only while it runs: the `asleep` line arms nothing.
   */
  private armExpiry(): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (this.signal === undefined || this.signal.aborted) return;
    const open = this.memory.openNudges();
    if (open.length === 0) return;
    const due = Math.min(...open.map((n) => n.askedAt)) + this.d.config.nudgeExpiryMs;
    this.expiryTimer = setTimeout(() => {
      this.expire();
      this.armExpiry();
    }, Math.max(0, due - Date.now()));
    this.expiryTimer.unref(); // the follow loop keeps the Spirit alive, not a pending expiry
  }

  private expire(): void {
    try {
      this.expireNow();
    } catch (error) {
      // From a timer: thrown, it would end the process. The next tick tries again.
      this.d.log.error({ err: error }, "could not expire nudges");
    }
  }

  private expireNow(): void {
    for (const outcome of expiredNudges(this.memory, this.d.config, Date.now())) {
      if (outcome.type === "line") this.report(outcome.id, outcome.output);
    }
  }

  private checkCalendar(signal: AbortSignal): void {
    if (this.calendarRun !== undefined || signal.aborted) return; // the previous check is still reading
    const source = this.d.config.calendar!;
    this.calendarRun = (async () => {
      const { checkCalendar } = await import("./calendar-watch.js"); // and its calendar parser: only for a Spirit with a calendar
      const check = await checkCalendar(source, this.memory, this.d.config.calendarLeadMs, Date.now(), signal);
      if (signal.aborted) return;
      if (!check.ok) {
        if (this.memory.calendarUp) this.report(CALENDAR_ID, say.calendarDown(check.why));
        this.d.log.warn({ why: check.why }, "calendar unavailable");
        return;
      }
      if (!this.memory.calendarUp) this.report(CALENDAR_ID, say.calendarUp());
      this.situation.nextMeeting = check.next;
      this.d.log.info({ due: check.due.map((d) => d.id) }, "calendar checked");
      for (const due of check.due) await this.spawn(due);
    })()
      .catch((error) => this.d.log.error({ err: error }, "calendar check failed"))
      .finally(() => {
        this.calendarRun = undefined;
      });
  }
}
