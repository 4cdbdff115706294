import { describe, expect, it } from "vitest";
import type { EventEntry, Located } from "../../../tools/world/entry.js";
import type { Decision } from "../../../spirit/decide/brain.js";
import { OfflineBrain } from "../../../spirit/decide/brain-offline.js";
import { DECIDE_CONFIG as config } from "../helpers.js";
import { vetProposal, preferenceAction } from "../../../spirit/decide/decide.js";
import { nudgeKind } from "../../../spirit/daemon/ids.js";
import { readSpiritLine, say } from "../../../spirit/daemon/lines.js";
import { SpiritMemory } from "../../../spirit/daemon/memory.js";
import { taskFromQuestion } from "../../../spirit/decide/plan.js";


let line = 0;
function voice(speaker: string, text: string): Located<EventEntry> {
  line += 1;
  return { kind: "event", ts: new Date().toISOString(), source: "voice", id: speaker, output: text, line, offset: line * 100 };
}

async function decideAbout(memory: SpiritMemory, speaker: string, text: string) {
  const cause = voice(speaker, text);
  const heard = memory.hear(cause);
  const decision = await new OfflineBrain().decide({ heard, recent: [], memory: "", situation: () => "", userSpeaker: "me", conversation: memory.conversation.view(), now: new Date() });
  return { decision, action: preferenceAction(heard, cause) ?? vetProposal(decision, heard, cause, memory, config, Date.now()) };
}

function own(memory: SpiritMemory, id: string, output: string, at = new Date()): void {
  memory.apply({ kind: "event", ts: at.toISOString(), source: "spirit", id, output });
}

describe("the Spirit's rules over the offline brain", () => {
  it("spawns an explicit reminder from the user, with the Verifier's machine-checkable need", async () => {
    const { action } = await decideAbout(new SpiritMemory("me"), "me", "remind me to stretch in 2 seconds");
    expect(action).toMatchObject({ type: "spawn", agentKind: "reminder", task: "remind me to stretch in 2 seconds", need: "event notify logged" });
    expect(action.type === "spawn" && action.id).toMatch(/^reminder-[0-9a-f]{12}$/);
  });

  it("does not take what someone else asks for as the user's request", async () => {
    const { action } = await decideAbout(new SpiritMemory("me"), "alice", "remind me to call my mom at 5pm");
    expect(action).toMatchObject({ type: "quiet", why: expect.stringContaining("alice is not the user") });
  });

  it("knows the user by the configured name, as the listener writes it", async () => {
    const { action } = await decideAbout(new SpiritMemory("Ana Lima"), "ana_lima", "remind me to stretch in 2 seconds");
    expect(action.type).toBe("spawn");
  });

  it("asks before spending money, even when the user says it plainly", async () => {
    const { action } = await decideAbout(new SpiritMemory("me"), "me", "send 200 dollars to bob");
    // Offline no agent can move money: the offer is a reminder to do it (issue 9.5).
    expect(action).toMatchObject({ type: "nudge", kind: "payment", question: "Want me to remind you to send 200 dollars to bob in 1 hour?" });
    expect(action.type === "nudge" && action.offer).toEqual({ agentKind: "reminder", task: "remind me to send 200 dollars to bob in 1 hour" });
    expect(action.type === "nudge" && nudgeKind(action.id)).toBe("payment");
  });

  it("stays quiet on small talk", async () => {
    const memory = new SpiritMemory("me");
    for (const text of ["hey, how was your weekend?", "pretty good, we went hiking", "haha ok", "thanks"]) {
      expect((await decideAbout(memory, "alice", text)).action.type).toBe("quiet");
    }
  });

  it("observes what the user says about themselves, not what others do", async () => {
    const memory = new SpiritMemory("me");
    const mine = await decideAbout(memory, "me", "I am allergic to peanuts");
    expect(mine.action).toMatchObject({ type: "observe", note: "something me said about themselves" });
    expect(mine.action.type === "observe" && mine.action.id).toMatch(/^obs-[0-9a-f]{12}$/);
    expect((await decideAbout(memory, "alice", "I am allergic to peanuts")).action.type).toBe("quiet");
  });

  it("never asks the same question twice within the window", async () => {
    const memory = new SpiritMemory("me");
    const first = await decideAbout(memory, "me", "we should book the flight to tokyo");
    expect(first.action).toMatchObject({ type: "nudge", question: "Want me to open a search for flights to Tokyo?" });
    own(memory, (first.action as { id: string }).id, say.nudge("Want me to open a search for flights to Tokyo?", "me", "we should book the flight to tokyo"));
    const again = await decideAbout(memory, "me", "yeah we should book the flight to tokyo");
    expect(again.action).toMatchObject({ type: "quiet", why: expect.stringContaining("already asked") });
  });

  it("the same request heard twice within two minutes is one request; later it is a new one", async () => {
    const memory = new SpiritMemory("me");
    const first = await decideAbout(memory, "me", "remind me to stretch in 10 minutes");
    expect(first.action.type).toBe("spawn");
    const spawned = first.action as { id: string; agentKind: string; task: string; reason: string };
    const at = new Date(Date.now() - 30_000);
    own(memory, spawned.id, say.spawn(spawned.agentKind, spawned.task, spawned.reason), at);
    const again = await decideAbout(memory, "me", "Remind me to stretch in 10 minutes!");
    // Said again while it is (as far as anyone knows) still to be done: confirmed, not done twice.
    expect(again.action).toMatchObject({ type: "say", kind: "already", text: `already on it: "remind me to stretch in 10 minutes" is set (${spawned.id})` });
    // Other words are another request.
    expect((await decideAbout(memory, "me", "remind me to drink water in 10 minutes")).action.type).toBe("spawn");
    // The same words later are a new request.
    const later = new SpiritMemory("me");
    own(later, spawned.id, say.spawn(spawned.agentKind, spawned.task, spawned.reason), new Date(Date.now() - 3 * 60_000));
    expect((await decideAbout(later, "me", "remind me to stretch in 10 minutes")).action.type).toBe("spawn");
  });

  it("remembers a preference and then does not nudge about it", async () => {
    const memory = new SpiritMemory("me");
    const pref = await decideAbout(memory, "me", "don't suggest flights");
    expect(pref.action).toMatchObject({ type: "preference", topic: "flights", blocked: true });
    own(memory, (pref.action as { id: string }).id, say.preference("flights", true, "me", "don't suggest flights"));
    const later = await decideAbout(memory, "me", "we should book a flight to paris");
    expect(later.action).toMatchObject({ type: "quiet", why: expect.stringContaining("no nudges about flights") });
    // Someone else cannot set the user's preferences.
    expect((await decideAbout(memory, "alice", "don't suggest restaurants")).action.type).not.toBe("preference");
  });

  it("a 'no' to a kind of nudge lowers future nudges of that kind; a later 'yes' restores them", async () => {
    const memory = new SpiritMemory("me");
    const yesterday = new Date(Date.now() - 2 * 3_600_000); // an earlier conversation, within the decline memory
    own(memory, "nudge-flight-0123456789ab", say.nudge("Want me to search flights to tokyo?", "me", "x"), yesterday);
    own(memory, "nudge-flight-0123456789ab", say.declined("user", "no"), yesterday);
    const paris = await decideAbout(memory, "me", "we should book a flight to paris");
    expect(paris.action).toMatchObject({ type: "quiet", why: expect.stringContaining("said no to flight nudges 1×") });
    expect((await decideAbout(memory, "me", "send 20 dollars to bob")).action.type).toBe("nudge"); // other kinds are untouched
    own(memory, "general-aaaaaaaaaaaa", say.spawn("general", "search flights to rome", 'user said "yes" to nudge-flight-ba9876543210'), yesterday);
    expect((await decideAbout(memory, "me", "we should book a flight to oslo")).action.type).toBe("nudge");
  });

  it("the rules override a brain that wants to spawn something consequential", () => {
    const memory = new SpiritMemory("me");
    const cause = voice("me", "book it");
    const heard = memory.hear(cause);
    const reckless: Decision = { action: "spawn", reason: "the user said so", kind: "flight", task: "book the flight to tokyo" };
    expect(vetProposal(reckless, heard, cause, memory, config, Date.now())).toMatchObject({ type: "nudge", question: "Want me to book the flight to tokyo?" });
    const mine: Decision = { action: "spawn", reason: "r", kind: "message", task: "text my sister that i am late" };
    expect(vetProposal(mine, heard, cause, memory, config, Date.now())).toMatchObject({ question: "Want me to text your sister that you are late?" });
    const alice = voice("alice", "remind me to call my mom");
    const theirs: Decision = { action: "spawn", reason: "r", kind: "reminder", task: "remind me to call my mom" };
    expect(vetProposal(theirs, memory.hear(alice), alice, memory, config, Date.now())).toMatchObject({ type: "quiet" });
  });

  it("gives the same ids when deciding again about the same line (exactly once across restarts)", async () => {
    const cause = voice("me", "remind me to drink water in 5 minutes");
    const a = vetProposal({ action: "spawn", reason: "r", kind: "reminder", task: "t" }, new SpiritMemory("me").hear(cause), cause, new SpiritMemory("me"), config, Date.now());
    const b = vetProposal({ action: "spawn", reason: "r", kind: "reminder", task: "t" }, new SpiritMemory("me").hear(cause), cause, new SpiritMemory("me"), config, Date.now());
    expect(a).toEqual(b);
  });
});

describe("reading the Spirit's own lines back", () => {
  it("round-trips every line it writes", () => {
    expect(readSpiritLine(say.nudge('Want me to "x"?', "alice", 'we "quote" (parens)'))).toEqual({ type: "nudge", question: 'Want me to "x"?' });
    const offer = { agentKind: "general", task: 'look for "flights" to Tokyo', need: "three options (with links)" };
    expect(readSpiritLine(say.nudge("Want me to look for flights?", "me", 'ends with yes: reminder "x"', offer))).toEqual({ type: "nudge", question: "Want me to look for flights?", offer });
    expect(readSpiritLine(say.spawn("reminder", 'say "hi"', "because"))).toEqual({ type: "spawn", kind: "reminder", task: 'say "hi"', reason: "because" });
    expect(readSpiritLine(say.preference("flights", true, "me", "t"))).toEqual({ type: "preference", topic: "flights", blocked: true });
    expect(readSpiritLine(say.preference("flights", false, "me", "t"))).toEqual({ type: "preference", topic: "flights", blocked: false });
    expect(readSpiritLine(say.expired("10m"))).toEqual({ type: "nudge-closed", how: "expired" });
    expect(readSpiritLine(say.declined("user", "no"))).toEqual({ type: "nudge-closed", how: "declined" });
    expect(readSpiritLine(say.unclear("n", "maybe"))).toEqual({ type: "nudge-unclear" });
    expect(readSpiritLine(say.needsYou("I could not find x after 4 tries. Where is it? (answer: world respond a <text>)"))).toEqual({ type: "needs-you", again: false });
    expect(readSpiritLine("needs you again: b (agent failed: \"c\"; answer: world respond a <text>)")).toEqual({ type: "needs-you", again: true }); // older logs
    expect(readSpiritLine(say.brainDown("HTTP 529"))).toEqual({ type: "brain", up: false });
  });

  it("recovers the offered task from a nudge's question", () => {
    expect(taskFromQuestion("Want me to search flights to tokyo?")).toBe("search flights to tokyo");
    expect(taskFromQuestion("Want me to pay your phone bill?")).toBe("pay my phone bill");
    expect(taskFromQuestion("Shall I text Ana?")).toBe("text Ana");
    expect(taskFromQuestion("Tokyo?")).toBe("follow up on what you asked me: Tokyo?");
  });
});

describe("an arrangement settled by the other's yes to the user's proposal", () => {
  it("is asked about on their yes, once; their own requests are still never acted on", async () => {
    // The user proposes without a time; the time came earlier, from the other.
    const later = new SpiritMemory("me");
    await decideAbout(later, "bo", "Are you free on Saturday?");
    expect((await decideAbout(later, "me", "Yes. Shall we paint the fence together?")).action.type).toBe("quiet");
    const { action } = await decideAbout(later, "bo", "Sure, I'd love to.");
    expect(action).toMatchObject({ type: "nudge", question: "Want me to remind you to paint the fence together on Saturday?" });
    // A refusal, or a yes to a thing done now, settles nothing.
    const refused = new SpiritMemory("me");
    await decideAbout(refused, "me", "Shall we paint the fence together?");
    expect((await decideAbout(refused, "bo", "Sorry, I can't.")).action.type).toBe("quiet");
    const now = new SpiritMemory("me");
    await decideAbout(now, "me", "Shall we sit down here?");
    expect((await decideAbout(now, "bo", "Sure.")).action.type).toBe("quiet");
    // What the other asks for stays theirs even in agreement words.
    expect((await decideAbout(new SpiritMemory("me"), "bo", "OK, remind me to call my mom at 5pm")).action.type).toBe("quiet");
  });
});

describe("a plan said as a conversation's first line", () => {
  it("is read as among people, before the other answers; a line of no plan stays quiet", async () => {
    const first = await decideAbout(new SpiritMemory("me"), "me", "I'm going to try rock climbing this weekend.");
    expect(first.action).toMatchObject({ type: "nudge", question: "Want me to remind you to try rock climbing this weekend?" });
    const note = await decideAbout(new SpiritMemory("me"), "me", "I'm fed up with the noise. This time I am really going to complain to the council.");
    expect(note.action).toMatchObject({ type: "nudge", question: "Want me to make a note to complain to the council?" });
    // Not a plan: the past, a wish, a thing done now.
    for (const said of ["I went rock climbing last weekend.", "I wish I could try sky diving.", "I'll take the blue one."]) {
      expect((await decideAbout(new SpiritMemory("me"), "me", said)).action.type, said).toBe("quiet");
    }
  });
});
