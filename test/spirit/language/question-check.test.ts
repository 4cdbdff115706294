// Every question the dev files produce is one a person can read (spirit/language/question-check.ts):
// conversations-dev (overheard talk, either speaker as the user), the nudge-worthy requests
// of intents-dev, and our own plan conversations (test/fixtures/conversations/plans.jsonl).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluate, parseConversations, type Asked } from "../../../spirit/eval/eval-conversations.js";
import { loadNlp, type Nlp } from "../../../spirit/language/nlp.js";
import { questionProblems } from "../../../spirit/language/question-check.js";
import { ROOT } from "../../support/world.js";

let nlp: Nlp;
beforeAll(async () => {
  nlp = await loadNlp();
});

const EVAL = resolve(ROOT, "..", "shared", "eval");
const CONVERSATIONS_DEV = join(EVAL, "conversations-dev.jsonl");
const INTENTS_DEV = join(EVAL, "intents-dev.jsonl");
const PLANS = join(ROOT, "test", "fixtures", "conversations", "plans.jsonl");

function unreadable(asked: readonly Asked[]): string[] {
  return asked.flatMap((n) => questionProblems(nlp, n.question).map((p) => `${JSON.stringify(n.question)} (heard ${JSON.stringify(n.text)}): ${p}`));
}

async function conversationsFile(file: string, user?: string) {
  return evaluate(file, parseConversations(file, readFileSync(file, "utf8")), user);
}

describe("the checker", () => {
  it("rejects the questions of issue 9: a second verb phrase glued on, pasted speech", () => {
    for (const q of [
      "Want me to play coach refused to play him?",
      // A time cut off with its comma.
      "Want me to remind you to work all day Thursday,?",
      "Want me to order can you buy stamps here?",
      "Want me to transfer you are welcome to pay in cash?",
      "Want me to book can you have a table for three?",
      'Want me to do what other asked: "I want to buy a V-neck checked sweater…"?',
      "Want me to remind you in 1 hour to contact the bank about?",
      "Want me to remind you to send a text and tell chris today?",
      "Want me to remind you in 1 hour to find help locate your phone?",
      "Want me to remind you in 1 hour to play hear pop music?",
      "Want me to search flights to tokyo",
      "Want me to call mom? Or text her?",
      "Want me to remind you to call my mom?",
      "Want me to remind you to have a Christmas kind of or February in January?",
      "Want me to remind you to meet up to hang up for some party this evening?",
      // A clause after what to do must read as one: its subject, then one group of verbs.
      "Want me to remind you to call the bank when is it open?",
      "Want me to remind you to buy milk if you go go?",
      "Want me to remind you to ring her when i get home?",
      // Reminder texts cut badly from spoken commands (issue 20).
      "Want me to remind you about birthday set the event?",
      "Want me to remind you about a meeting for paul's retirement set reminder?",
      "Want me to remind you about is mary's birthday repeat every year?",
      "Want me to remind you about mary's birthday repeat every year?",
      "Want me to remind you about the meeting i have morning?",
      "Want me to remind you to to take your medicine?",
      "Want me to remind you about starting in goshen new york on for dan's graduation?",
      "Want me to remind you to pick you up by from the airport i have a meeting?",
      "Want me to remind you about the dentist add it to the calendar?",
      "Want me to remind you about dinner cook the pasta?",
      // A note's phrase is held to the same rules as a reminder's.
      "Want me to make a note to make a note?",
      "Want me to make a note to to fix the fence?",
      "Want me to make a note to I fix the fence?",
      // The note frame is checked like a reminder's phrase.
      "Want me to make a note to set a reminder for the dentist?",
      "Want me to make a note to go shopping i have a meeting?",
      "Want me to remind you to go rock climbing swimming?",
      // Words run together out of order: "too"/"very" before a noun, a time with nothing to fix it.
      "Want me to remind you to bring dip game day too weekend?",
      "Want me to remind you to get snacks very party?",
      "Want me to remind you to watch football playoff weekend?",
      "Want me to make a note to visit grandma month?",
      // A "that" clause: one group of verbs, never the speaker's own words.
      "Want me to remind you that the plumber is coming he said tomorrow?",
      "Want me to remind you that I am off on Friday?",
      "Want me to remind you that the plumber the electrician?",
    ]) {
      expect(questionProblems(nlp, q), q).not.toEqual([]);
    }
  });

  it("accepts plain questions", () => {
    for (const q of [
      "Want me to look for flights to Tokyo?",
      "Want me to open a search for hotels in Rome next weekend?",
      "Want me to remind you to call him tomorrow?",
      "Want me to remind you to post the corrected invoice on Monday?",
      "Want me to remind you to bring your signed lease tomorrow?",
      "Want me to remind you tomorrow at 9am to book a table for three?",
      "Want me to remind you to pay B back the rent tomorrow?",
      "Want me to remind you in 1 hour to go about setting up direct deposit?",
      "Want me to remind you in 1 hour to apply for a visa to visit Dnipro?",
      "Want me to remind you to go dancing on Friday?",
      // A word the tagger reads as a verb, right after "the" or "my", names a thing.
      "Want me to remind you to take the washing out in an hour?",
      "Want me to remind you to go to the clean-up on Sunday morning?",
      // A clause of its own after what to do: its moment, or what to find out.
      "Want me to remind you to lock the shed before you leave?",
      "Want me to remind you to return the drill next time you see Ravi?",
      "Want me to remind you to ask Lee whether he booked the hall?",
      "Want me to remind you to check if the rent went out?",
      "Want me to remind you about your umbrella when you go out?",
      "Want me to remind you to go out bowling on Saturday?",
      "Want me to remind you to try snorkelling next weekend?",
      "Want me to remind you to meet up with Ana for dinner this evening?",
      // A "that" clause with its own subject and verb group.
      "Want me to remind you that the plumber is coming tomorrow?",
      "Want me to remind you on Friday that you are off?",
      "Want me to remind you that the boiler man comes on Monday?",
      // A verb compromise reads as a noun, before its object.
      "Want me to remind you to water the plants every evening?",
      // An object between a verb and its particle, the kind of an activity, a participle of having something done, "go" and a verb.
      "Want me to remind you to pick milk up at the store tonight?",
      "Want me to remind you to go dress shopping on Saturday?",
      "Want me to remind you to get your oil changed tomorrow?",
      "Want me to remind you to go check the mail?",
      "Want me to remind you that you have to leave at 4pm?",
      // Names with words compromise reads as verbs (issue 20).
      "Want me to remind you about the solar powered garden stakes?",
      "Want me to remind you about your work tasks every day?",
      "Want me to remind you about the location of your sisters house for this event?",
      "Want me to remind you about your sister visiting?",
      "Want me to remind you about a meeting for paul's retirement?",
      // A note: "make a note" is the offer's own frame, not a request's words kept (spirit/language/question.ts).
      "Want me to make a note to fix Alice's fence?",
      "Want me to make a note to pay Sam back?",
      // A note (agents/note); an activity named by a noun and a gerund.
      "Want me to make a note to return Ana's ladder?",
      "Want me to make a note to stop smoking?",
      "Want me to remind you to try rock climbing this weekend?",
      "Want me to remind you to go sky diving on Saturday?",
      // "too" and "very" where they belong; times fixed by a word before them.
      "Want me to remind you to bring snacks too?",
      "Want me to remind you to arrive very early?",
      "Want me to remind you to meet Ana next week?",
      "Want me to make a note to visit Ana every other week?",
      "Want me to remind you to call mom on Friday morning?",
      "Want me to remind you to go skiing over the long weekend?",
      "Want me to remind you to pay the rent at the end of the month?",
      "Want me to remind you to go to the gym in the morning?",
      "Want me to remind you to have breakfast with Tom tomorrow morning?",
    ]) {
      expect(questionProblems(nlp, q), q).toEqual([]);
    }
  });
});

describe("every question the dev files produce", () => {
  it("our plan conversations: one readable question for each plan, none for the rest", async () => {
    const f = await conversationsFile(PLANS);
    expect(f.spawns).toEqual([]);
    expect(unreadable(f.nudges)).toEqual([]);
    expect(Object.fromEntries(f.nudges.map((n) => [n.conversation, n.question]))).toEqual({
      tokyo: "Want me to open a search for flights to Tokyo for April?",
      rome: "Want me to open a search for hotels in Rome next weekend?",
      mom: "Want me to remind you to call your mom tomorrow?",
      table: "Want me to remind you tomorrow at 9am to book a table for four at Luigi's?",
      rent: "Want me to remind you to pay B back the rent tomorrow?",
      landlord: "Want me to remind you to email the landlord about the heater tomorrow?",
      train: "Want me to remind you tomorrow at 9am to book the train?",
      text: "Want me to remind you to text her tonight?",
      car: "Want me to open a search for rental cars in Denver for the weekend?",
      gift: "Want me to remind you tomorrow at 9am to order a gift for Tom this week?",
      meeting: "Want me to remind you tomorrow at 9am to schedule a meeting with the client next Tuesday?",
    });
  });

  it.skipIf(!existsSync(INTENTS_DEV))("intents-dev: every request worth asking about gets a readable question", async () => {
    const rows = readFileSync(INTENTS_DEV, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { text: string });
    const f = await evaluate(INTENTS_DEV, rows.map((r, i) => ({ id: String(i), topic: "", turns: [{ speaker: "A", text: r.text }] })));
    expect(f.nudges.length).toBeGreaterThan(100);
    expect(unreadable(f.nudges)).toEqual([]);
  }, 120_000);

  it.skipIf(!existsSync(CONVERSATIONS_DEV))("conversations-dev, either speaker the user: no spawn, and any question is readable", async () => {
    for (const user of ["A", "B"]) {
      const f = await conversationsFile(CONVERSATIONS_DEV, user);
      expect(f.spawns).toEqual([]);
      expect(f.nudgedPercent).toBeLessThanOrEqual(1);
      expect(unreadable(f.nudges)).toEqual([]);
    }
  }, 180_000);
});
