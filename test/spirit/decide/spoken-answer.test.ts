// A yes counts only when it answers the assistant (spirit/decide/spoken-answer.ts), the relay's
// tag never becomes task words (spirit/daemon/nudges.ts), and one question per conversation
// applies only with others present (spirit/decide/decide.ts).
import { describe, expect, it } from "vitest";
import type { EventEntry, Located } from "../../../tools/world/entry.js";
import { SpiritMemory } from "../../../spirit/daemon/memory.js";
import { answerNudge } from "../../../spirit/daemon/nudges.js";
import { spokenAnswer, SPOKEN_WINDOW_MS } from "../../../spirit/decide/spoken-answer.js";
import { withoutRelayTag } from "../../../tools/world/asks/spoken.js";
import { evaluate, type Conversation } from "../../../spirit/eval/eval-conversations.js";

const T0 = Date.parse("2026-03-02T09:00:00.000Z");
const NUDGE = "nudge-call-0123456789ab";
let line = 0;

function voice(memory: SpiritMemory, speaker: string, text: string, atMs: number) {
  line += 1;
  const entry: Located<EventEntry> = { kind: "event", ts: new Date(T0 + atMs).toISOString(), source: "voice", id: speaker, output: text, line, offset: line * 100 };
  return memory.hear(entry);
}

/** A memory with one open question, asked at `askedAtMs`. */
function asked(askedAtMs: number): SpiritMemory {
  const memory = new SpiritMemory("me");
  memory.apply({
    kind: "event",
    ts: new Date(T0 + askedAtMs).toISOString(),
    source: "spirit",
    id: NUDGE,
    output: 'nudge: Want me to remind you to call Ana tomorrow? (heard me: "I\'ll call Ana tomorrow.") yes: reminder "remind me to call Ana tomorrow"',
  });
  return memory;
}

describe("a spoken yes counts only when it answers the assistant", () => {
  it("the user's bare yes, after the question, soon, with nobody in between: an answer, relayed with its tag", () => {
    const memory = asked(1_000);
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(memory, "me", "Yes.", 4_000), memory)).toEqual({ to: NUDGE, text: "Yes. (spoken)" });
  });

  it("a yes said the ways people say one is an answer: 'yes please', 'uh, yeah, go for it', 'that would be great, thanks'", () => {
    for (const said of ["Yes please.", "Uh, yeah, go for it.", "That would be great, thanks.", "Sure thing.", "Okay, cheers."]) {
      const memory = asked(1_000);
      voice(memory, "me", "I'll call Ana tomorrow.", 0);
      expect(spokenAnswer(voice(memory, "me", said, 4_000), memory), said).toEqual({ to: NUDGE, text: `${said} (spoken)` });
    }
  });

  it("a backchannel after a colleague spoke is said to the colleague", () => {
    const memory = asked(1_000);
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    voice(memory, "bob", "And the budget is due on Friday.", 3_000);
    expect(spokenAnswer(voice(memory, "me", "Yeah.", 5_000), memory)).toBeUndefined();
  });

  it("the answer to someone else's question, even one asked before the question reached the log", () => {
    const memory = asked(4_000); // a Spirit behind the log: its question came after bob's
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    voice(memory, "bob", "Can you send me the report too?", 2_000);
    expect(spokenAnswer(voice(memory, "me", "Sure.", 6_000), memory)).toBeUndefined();
  });

  it("a yes logged before the question, read late by a Spirit behind the log, is not its answer", () => {
    const memory = asked(10_000);
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(memory, "me", "Yeah.", 3_000), memory)).toBeUndefined();
  });

  it("too late, or from someone else, or with more words: conversation", () => {
    const late = asked(1_000);
    voice(late, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(late, "me", "ok", 1_000 + SPOKEN_WINDOW_MS + 1), late)).toBeUndefined();
    const other = asked(1_000);
    voice(other, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(other, "bob", "Yes.", 2_000), other)).toBeUndefined();
    const more = asked(1_000);
    voice(more, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(more, "me", "sure, after lunch", 2_000), more)).toBeUndefined();
  });
});

describe("a yes with more to it", () => {
  it("a yes, then a request of its own: the yes answers, the request is heard after it", () => {
    const memory = asked(1_000);
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(memory, "me", "Yes please, and also set an alarm for seven.", 4_000), memory)).toEqual({ to: NUDGE, text: "Yes please (spoken)", rest: "set an alarm for seven." });
  });

  it("the offer taken at another time is an answer, relayed whole", () => {
    const memory = asked(1_000);
    voice(memory, "me", "I'll call Ana tomorrow.", 0);
    expect(spokenAnswer(voice(memory, "me", "no but remind me at ten instead", 4_000), memory)).toEqual({ to: NUDGE, text: "no but remind me at ten instead (spoken)" });
  });

  it("in the whole path: both the offer and the request are started; the moved offer carries its time", async () => {
    const conversation = (id: string, answer: string): Conversation => ({ id, topic: "test", turns: [{ speaker: "A", text: "I'll call the bank tomorrow at nine." }, { speaker: "A", text: answer }] });
    const both = (await evaluate("test", [conversation("and", "yeah, and remind me to buy milk tonight")], "A")).perConversation[0]!;
    expect(both.spawns.map((s) => s.task)).toEqual(["remind me to call the bank tomorrow at nine", "remind me to buy milk tonight"]);
    const moved = (await evaluate("test", [conversation("moved", "yes but at half nine")], "A")).perConversation[0]!;
    expect(moved.spawns.map((s) => s.task)).toEqual(["remind me to call the bank tomorrow at nine (user added: at half nine)"]);
  });
});

describe("the relay's tag", () => {
  it("is taken off before the answer is read: never task words", () => {
    expect(withoutRelayTag("yes (spoken)")).toBe("yes");
    expect(withoutRelayTag("yes, economy only")).toBe("yes, economy only");
    const memory = asked(1_000);
    const answer: Located<EventEntry> = { kind: "event", ts: new Date(T0 + 2_000).toISOString(), source: "user", id: NUDGE, output: "Yeah. (spoken)", line: 99, offset: 9_900 };
    expect(answerNudge(answer, memory)).toMatchObject({ type: "spawn", agentKind: "reminder", task: "remind me to call Ana tomorrow" });
  });
});

/** A memory where the reminder r1 failed asking when, told to the user at `askedAtMs`. */
function told(askedAtMs: number, question = '"remind me to call mom" needs when to remind you.'): SpiritMemory {
  const memory = new SpiritMemory("me");
  memory.apply({ kind: "event", ts: new Date(T0 + askedAtMs).toISOString(), source: "spirit", id: "r1", output: `needs you: ${question} (answer: world respond r1 <text>)` });
  return memory;
}

describe("a spoken time answers a failed session that asks when", () => {
  it("the user's time alone, soon after the notice, with nobody in between: relayed to the session with its tag", () => {
    let memory = told(1_000);
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 5_000), memory)).toEqual({ to: "r1", text: "Four pm. (spoken)" });
    memory = told(1_000);
    expect(spokenAnswer(voice(memory, "me", "Um, let's say half past six", 5_000), memory)).toEqual({ to: "r1", text: "Um, let's say half past six (spoken)" });
    memory = told(1_000, '"set a timer" needs how long the timer should run.');
    expect(spokenAnswer(voice(memory, "me", "ten minutes", 5_000), memory)).toEqual({ to: "r1", text: "ten minutes (spoken)" });
  });

  it("anything but a time, another speaker, a late word or a question that no time answers: conversation", () => {
    let memory = told(1_000);
    expect(spokenAnswer(voice(memory, "me", "Ugh, not again.", 5_000), memory)).toBeUndefined();
    expect(spokenAnswer(voice(memory, "me", "Call Ana at four pm.", 6_000), memory)).toBeUndefined(); // a time and more: a request, not an answer
    expect(spokenAnswer(voice(memory, "colleague", "Four pm.", 7_000), memory)).toBeUndefined();
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 8_000), memory)).toBeUndefined(); // the colleague spoke since the notice
    memory = told(1_000);
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 1_000 + SPOKEN_WINDOW_MS + 1), memory)).toBeUndefined();
    memory = told(1_000, '"book the flight" needs your login for the booking site.');
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 5_000), memory)).toBeUndefined();
  });

  it("closed by any answer or any move of its session; with a nudge open too, nothing is guessed", () => {
    let memory = told(1_000);
    memory.apply({ kind: "event", ts: new Date(T0 + 2_000).toISOString(), source: "user", id: "r1", output: "at 5pm (from terminal)" });
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 5_000), memory)).toBeUndefined();
    memory = told(1_000);
    memory.apply({ kind: "agent", ts: new Date(T0 + 2_000).toISOString(), status: "closed", id: "r1", output: "closed by a person" });
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 5_000), memory)).toBeUndefined();
    memory = asked(1_000);
    memory.apply({ kind: "event", ts: new Date(T0 + 2_000).toISOString(), source: "spirit", id: "r1", output: 'needs you: "remind me" needs when to remind you. (answer: world respond r1 <text>)' });
    expect(spokenAnswer(voice(memory, "me", "Yes.", 5_000), memory)).toBeUndefined();
    expect(spokenAnswer(voice(memory, "me", "Four pm.", 6_000), memory)).toBeUndefined();
  });

  it("the disk's notice asks nothing to answer", () => {
    const memory = new SpiritMemory("me");
    memory.apply({ kind: "event", ts: new Date(T0 + 1_000).toISOString(), source: "spirit", id: "disk", output: "needs you: disk low: 2% free on / (when it is full, nothing is written)" });
    expect(memory.openPleas()).toEqual([]);
  });
});

describe("one question per conversation", () => {
  const talk = (id: string, ...turns: [string, string][]): Conversation => ({ id, topic: "test", turns: turns.map(([speaker, text]) => ({ speaker, text })) });

  it("with others present, one; alone with the assistant, each request is its own", async () => {
    const together = await evaluate("test", [
      talk("together", ["B", "What's the plan this week?"], ["A", "I'll call the dentist tomorrow."], ["B", "Good."], ["A", "And I'll email the landlord on Friday."]),
    ]);
    expect(together.nudges.map((n) => n.question)).toEqual(["Want me to remind you to call the dentist tomorrow?"]);
    const alone = await evaluate("test", [talk("alone", ["A", "send 50 dollars to alice"], ["A", "transfer money to my savings"])]);
    expect(alone.nudges.map((n) => n.question)).toEqual(["Want me to remind you to send 50 dollars to Alice in 1 hour?", "Want me to remind you to transfer money to your savings in 1 hour?"]);
  }, 60_000);

  it("the user's first line to a clerk, before the clerk answers, is said to the clerk", async () => {
    const f = await evaluate("test", [talk("desk", ["A", "Excuse me, I want to pay the bill."], ["B", "Of course, here you are."])]);
    expect(f.nudges).toEqual([]);
  }, 60_000);
});
