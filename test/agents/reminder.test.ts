import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { answerWords, humanAnswerRetry } from "../../tools/world/asks/human-answer.js";
import { relayed } from "../../tools/world/asks/spoken.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";
import { armedLine, parseArmed } from "../../agents/reminder/alarm.js";
import { planReminder, planTimer } from "../../agents/reminder/plan.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("reminder planning (chrono-node)", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  it("reads the time and the subject out of the words", () => {
    const a = planReminder("remind me to call mom at 5pm", now)!;
    expect(a.message).toBe("Reminder: call mom");
    expect(a.due.getHours()).toBe(17);
    expect(planReminder("remind me in 10 minutes to check the oven", now)!.due.toISOString()).toBe("2026-11-22T10:10:00.000Z");
    expect(planReminder("remind me in 10 minutes to check the oven", now)!.message).toBe("Reminder: check the oven");
    expect(planReminder("remind me tomorrow at 9 to water the plants", now)!.due.getDate()).toBe(new Date(now.getTime() + 86_400_000).getDate());
    expect(planReminder("in 2 seconds stretch", now)!.due.toISOString()).toBe("2026-11-22T10:00:02.000Z");
    expect(planReminder("remind me to buy milk", now)).toBeUndefined();
  });
  it("reads times said in words, as typed or as a spoken answer passed on", () => {
    const call = planReminder("remind me to call mom at four pm", now)!;
    expect([call.due.getHours(), call.due.getMinutes(), call.message]).toEqual([16, 0, "Reminder: call mom"]);
    expect(planReminder("half past six", now)!.due.getHours()).toBe(18); // a reminder's bare hour is the afternoon's
    expect(planReminder("remind me in twenty minutes to check the oven", now)!.due.toISOString()).toBe("2026-11-22T10:20:00.000Z");
    expect(planReminder("remind me to buy four apples at 5", now)!.message).toBe("Reminder: buy four apples");
    expect(planTimer("set a timer for ten minutes", now)!.due.toISOString()).toBe("2026-11-22T10:10:00.000Z");
    // As a transcript writes it, relayed by the Spirit and handed back by the Verifier.
    const spoken = answerWords(humanAnswerRetry(relayed("Four pm."), "when to remind you"))!;
    expect(planReminder(`remind me to call mom ${spoken}`, now)).toMatchObject({ message: "Reminder: call mom" });
    expect(planReminder(spoken, now)!.due.getHours()).toBe(16);
    expect(planReminder("Remind me to call Ana at Half Past Six", now)).toMatchObject({ message: "Reminder: call Ana" });
  });
  it("reads a day of the month said without its month: this month's if still to come, else the next", () => {
    const rent = planReminder("remind me about the rent on the 25th", now)!;
    expect([rent.due.getMonth(), rent.due.getDate()]).toEqual([10, 25]);
    expect(rent.message).toBe("Reminder: the rent");
    const bill = planReminder("remind me to pay the bill by the 3rd at 9am", now)!;
    expect([bill.due.getMonth(), bill.due.getDate(), bill.due.getHours()]).toEqual([11, 3, 9]);
    // Not a date: "the 1st floor", "the 3rd time".
    expect(planReminder("remind me about the 1st floor", now)).toBeUndefined();
    expect(planReminder("remind me about the party for the 3rd time", now)).toBeUndefined();
  });
  it("keeps a part of the day with the time it belongs to, not in what to be reminded of", () => {
    const at = (h: number, days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, h).getTime();
    const bank = planReminder("remind me at nine tomorrow morning to call the bank", now)!;
    expect([bank.due.getTime(), bank.message]).toEqual([at(9, 1), "Reminder: call the bank"]);
    // Said first, the time leaves "remind me" where the subject's reading can take it off.
    expect(planReminder("At Nine tomorrow morning remind me to call mum", now)).toMatchObject({ message: "Reminder: call mum" });
    const late = planReminder("remind me at 9 tomorrow evening to lock up", now)!;
    expect([late.due.getTime(), late.message]).toEqual([at(21, 1), "Reminder: lock up"]);
    expect(planReminder("remind me to call mum at 9 tomorrow morning", now)).toMatchObject({ message: "Reminder: call mum" });
    expect(planReminder("remind me in the morning to buy milk", now)).toMatchObject({ message: "Reminder: buy milk" });
    // A part of the day named as a thing stays in the subject when a time is said elsewhere.
    const rota = planReminder("remind me to check the night shift rota at 9 tomorrow", now)!;
    expect([rota.due.getDate(), rota.message]).toEqual([new Date(at(0, 1)).getDate(), "Reminder: check the night shift rota"]);
    expect(planReminder("remind me in the evening that the morning paper is late", now)).toMatchObject({ message: "Reminder: the morning paper is late" });
  });

  it("reads a request as a person types or says it: politeness, hesitations, a time's preposition left out of the subject", () => {
    for (const said of ["could you remind me to call mum at 5", "don't let me forget to call mum at 5", "set a reminder for 5 to call mum", "uh remind me um to call mum at five", "Hey, remind me to call mum at five, okay?"]) {
      expect(planReminder(said, now), said).toMatchObject({ message: "Reminder: call mum" });
    }
    expect(planReminder("remind me tomorrow to, uh, buy milk", now)).toMatchObject({ message: "Reminder: buy milk" });
    expect(planReminder("remind me on the 3rd of December to pay rent", now)).toMatchObject({ message: "Reminder: pay rent" });
    expect(planReminder("remind me at noon to eat", now)).toMatchObject({ message: "Reminder: eat" });
    const leave = planReminder("remind me in an hour and a half to leave", now)!;
    expect([leave.due.toISOString(), leave.message]).toEqual(["2026-11-22T11:30:00.000Z", "Reminder: leave"]);
  });

  it("reads no time counted back from a moment the words do not give ('10 minutes before the meeting'): its agent asks when", () => {
    for (const said of ["remind me to print the slides 10 minutes before the meeting", "remind me to get flowers 3 days before mum's anniversary", "remind me about the call 30 mins prior to the call", "remind me to pack the day before the trip"]) {
      expect(planReminder(said, now), said).toBeUndefined();
    }
    // A length before a day that is read is a time: "a week before christmas".
    expect(planReminder("remind me to post the cards a week before christmas", now)?.due.getMonth()).toBe(11);
  });

  it("an offer taken at another time ('… (me added: at half nine)'): that hour on the offer's day, or the day named", () => {
    const local = new Date(2026, 10, 27, 10, 0); // Friday, on this machine's clock
    const offered = "remind me to call the bank tomorrow at nine";
    const at = (added: string) => planReminder(`${offered} (me added: ${added})`, local);
    expect(at("at half nine")).toEqual({ kind: "reminder", due: new Date(2026, 10, 28, 9, 30), message: "Reminder: call the bank" });
    expect(at("on monday")?.due).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(at("on friday at 6")?.due).toEqual(new Date(2026, 10, 27, 18, 0));
    // Today's Friday has passed its hour: next week's.
    expect(at("on friday")?.due).toEqual(new Date(2026, 11, 4, 9, 0));
    // Words that name no time are kept with the message, as before.
    expect(at("economy only")).toEqual({ kind: "reminder", due: new Date(2026, 10, 28, 9, 0), message: "Reminder: call the bank (me added: economy only)" });
  });

  it("reads a timer's duration", () => {
    const t = planTimer("set a timer for 10 minutes", now)!;
    expect(t.message).toBe("Timer done: 10 minutes");
    expect(t.due.toISOString()).toBe("2026-11-22T10:10:00.000Z");
  });
  it("writes armed lines that read back", () => {
    const alarm = { kind: "reminder" as const, due: new Date("2026-11-22T17:00:00.000Z"), message: "Reminder: call mom — (really)" };
    expect(parseArmed(armedLine(alarm))).toEqual(alarm);
    expect(parseArmed(armedLine(alarm, "waiting, next check-in by 2026-11-22T17:30:00.000Z"))).toEqual(alarm);
    expect(parseArmed("armed: due never by reminder — x")).toBeUndefined();
  });
});

describe("reminder agent (real process)", () => {
  it("arms, waits, delivers through notify and finishes with the delivery time", async () => {
    w = tempWorld();
    startSession(w.paths, "r1", "remind me in 1 second to stretch", "the user is reminded to stretch");
    const child = runAgentProcess(w.paths, "reminder", { id: "r1", task: "remind me in 1 second to stretch" });
    const armed = await waitForEntry(w.paths, isStatus("r1", "active", /^armed: due /), { what: "armed line" });
    const due = parseArmed(armed.output)!.due;
    const notified = await waitForEntry(w.paths, isEvent("r1", "notify"), { what: "notification" });
    expect(notified.output).toBe("Reminder: stretch");
    expect(Date.parse(notified.ts)).toBeGreaterThanOrEqual(due.getTime());
    const finish = await waitForEntry(w.paths, isStatus("r1", "finish"), { what: "finish" });
    expect(finish.output).toBe(`delivered at ${notified.ts} (due ${due.toISOString()})`);
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/desktop notification not shown: no display/);
  });

  it("fails with a need when the task names no time", async () => {
    w = tempWorld();
    startSession(w.paths, "r2", "remind me to buy milk");
    const result = await runAgentProcess(w.paths, "reminder", { id: "r2", task: "remind me to buy milk" });
    expect(result.exitCode).toBe(3);
    const failed = entriesOf(w.paths, "r2").at(-1)!;
    expect(failed).toMatchObject({ kind: "agent", status: "failed", need: "when to remind you" });
    expect(failed.output).toMatch(/no time found/);
  });

  it("heartbeats while it waits, each heartbeat still a parseable armed line", async () => {
    w = tempWorld();
    startSession(w.paths, "r3", "in 2 seconds drink water");
    const child = runAgentProcess(w.paths, "reminder", { id: "r3", task: "in 2 seconds drink water", env: { WORLD_HEARTBEAT_MS: "300" } });
    const beat = await waitForEntry(w.paths, isStatus("r3", "active", /next check-in by/), { what: "heartbeat" });
    expect(parseArmed(beat.output)?.message).toBe("Reminder: drink water");
    await waitForEntry(w.paths, isStatus("r3", "finish"), { what: "finish" });
    expect((await child).exitCode).toBe(0);
  });

  it("delivers at once, once, when started past due (after a restart)", async () => {
    w = tempWorld();
    const due = new Date(Date.now() - 60_000);
    startSession(w.paths, "r4", "remind me in 1 minute to leave");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "r4", output: armedLine({ kind: "reminder", due, message: "Reminder: leave" }) });
    const first = await runAgentProcess(w.paths, "reminder", { id: "r4", task: "remind me in 1 minute to leave" });
    expect(first.exitCode).toBe(0);
    const finish = entriesOf(w.paths, "r4").find(isStatus("r4", "finish"))!;
    expect(finish.output).toMatch(new RegExp(`\\(due ${due.toISOString()}; late by 1m`));
    // The reminder was not re-read as "in 1 minute from now".
    expect(entriesOf(w.paths, "r4").filter(isEvent("r4", "notify"))).toHaveLength(1);
  });

  it("never fires twice: a re-run that finds its own delivery only finishes", async () => {
    w = tempWorld();
    const due = new Date(Date.now() - 5000);
    startSession(w.paths, "r5", "remind me in 5 seconds to breathe");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "r5", output: armedLine({ kind: "reminder", due, message: "Reminder: breathe" }) });
    // Delivered, then the process died before it could write finish.
    const delivered = appendOnce(w.paths, { kind: "event", source: "notify", id: "r5", output: "Reminder: breathe" });
    const result = await runAgentProcess(w.paths, "reminder", { id: "r5", task: "remind me in 5 seconds to breathe" });
    expect(result.exitCode).toBe(0);
    const mine = entriesOf(w.paths, "r5");
    expect(mine.filter(isEvent("r5", "notify"))).toHaveLength(1);
    expect(mine.at(-1)).toMatchObject({ status: "finish", output: expect.stringContaining(`delivered at ${delivered.ts}`) });
  });

  it("on a retry whose guidance names a new time, arms that time and delivers again", async () => {
    w = tempWorld();
    startSession(w.paths, "r6", "remind me in 1 second to call Ana");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "r6", output: armedLine({ kind: "reminder", due: new Date(Date.now() - 1000), message: "Reminder: call Ana" }) });
    appendOnce(w.paths, { kind: "event", source: "notify", id: "r6", output: "Reminder: call Ana" });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "r6", output: "delivered" });
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "r6", output: "the user asked for it again", need: "remind again" });
    const result = await runAgentProcess(w.paths, "reminder", { id: "r6", task: "remind me in 1 second to call Ana", attempt: 2, guidance: "again in 1 second please" });
    expect(result.exitCode).toBe(0);
    expect(entriesOf(w.paths, "r6").filter(isEvent("r6", "notify"))).toHaveLength(2);
  });

  it("asked when (no time in the words), arms the time the answer names with the task's own words", async () => {
    w = tempWorld();
    startSession(w.paths, "r8", "remind me to call mom");
    const first = await runAgentProcess(w.paths, "reminder", { id: "r8", task: "remind me to call mom" });
    expect(first.exitCode).not.toBe(0);
    expect(entriesOf(w.paths, "r8").at(-1)).toMatchObject({ status: "failed", need: "when to remind you" });
    // The guidance as the Verifier gives it (verifier/handle.ts): the answer, its writer's stamp, the question it answers.
    const guidance = humanAnswerRetry("in one second (from terminal)", "when to remind you");
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "r8", output: guidance });
    const result = await runAgentProcess(w.paths, "reminder", { id: "r8", task: "remind me to call mom", attempt: 2, guidance });
    expect(result.exitCode).toBe(0);
    expect(entriesOf(w.paths, "r8").filter(isEvent("r8", "notify")).map((e) => e.output)).toEqual(["Reminder: call mom"]);
  });

  it("asked for nothing and no time ('remind me'), asks for both, and the answer gives both", async () => {
    w = tempWorld();
    startSession(w.paths, "r9", "remind me");
    expect((await runAgentProcess(w.paths, "reminder", { id: "r9", task: "remind me" })).exitCode).not.toBe(0);
    expect(entriesOf(w.paths, "r9").at(-1)).toMatchObject({ status: "failed", need: "what to remind you of, and when" });
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "r9", output: "answered by a person", need: "to stretch in 1 second" });
    expect((await runAgentProcess(w.paths, "reminder", { id: "r9", task: "remind me", attempt: 2, guidance: "to stretch in 1 second" })).exitCode).toBe(0);
    expect(entriesOf(w.paths, "r9").filter(isEvent("r9", "notify")).map((e) => e.output)).toEqual(["Reminder: stretch"]);
  });

  it("stops on SIGTERM while waiting, says so, and parks: still armed for the scheduler", async () => {
    w = tempWorld();
    startSession(w.paths, "r7", "remind me in 10 minutes to stand up");
    const child = runAgentProcess(w.paths, "reminder", { id: "r7", task: "remind me in 10 minutes to stand up", env: { WORLD_PARK_AFTER_MS: "3600000" } });
    await waitForEntry(w.paths, isStatus("r7", "active", /^armed: due /), { what: "armed line" });
    child.kill("SIGTERM");
    const result = await child;
    expect(result.exitCode).toBe(0); // parked, not stopped: the Keeper's scheduler delivers it
    const last = entriesOf(w.paths, "r7").at(-1)!;
    expect(last).toMatchObject({ kind: "agent", status: "active" });
    expect(last.output).toMatch(/^armed: due \S+ by reminder \(parked: stopped by a signal before due .*still armed\)/); // the scheduler takes it
  });
});
