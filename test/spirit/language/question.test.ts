// Questions built from what was recognised (spirit/language/question.ts): kind + slots → one question.
import { beforeAll, describe, expect, it } from "vitest";
import { loadNlp, type Nlp } from "../../../spirit/language/nlp.js";
import { questionProblems } from "../../../spirit/language/question-check.js";
import { ask, verbPhrase } from "../../../spirit/language/question.js";

let nlp: Nlp;
beforeAll(async () => {
  nlp = await loadNlp();
});

const remindLater = (at: string) => ({ type: "reminder", at, atFirst: true }) as const;
const remindWhenSaid = (at: string) => ({ type: "reminder", at, atFirst: false }) as const;
const openSearch = { type: "search", how: "open" } as const;

describe("questions from the kind and its slots", () => {
  it("a search names what is looked for, where and when, not the words heard", () => {
    expect(ask(nlp, { kind: "flight", action: "book the flight to tokyo" }, openSearch)?.question).toBe("Want me to open a search for flights to Tokyo?");
    expect(ask(nlp, { kind: "flight", action: "fly to tokyo next month", when: "next month" }, { type: "search", how: "look" })?.question).toBe(
      "Want me to look for flights to Tokyo next month?",
    );
    expect(ask(nlp, { kind: "hotel", action: "book a hotel in rome for may 2 to may 4", when: "may 2 to may 4" }, openSearch)?.question).toBe(
      "Want me to open a search for hotels in Rome from may 2 to may 4?",
    );
    expect(ask(nlp, { kind: "car_rental", action: "rent a car in las vegas" }, openSearch)?.question).toBe("Want me to open a search for rental cars in Las Vegas?");
  });

  it("a reminder says the verb phrase back, with the time where it reads well", () => {
    expect(ask(nlp, { kind: "call", action: "call him tomorrow", when: "tomorrow" }, remindWhenSaid("tomorrow"))?.question).toBe("Want me to remind you to call him tomorrow?");
    expect(ask(nlp, { kind: "booking", action: "book a table for three" }, remindLater("tomorrow at 9am"))?.question).toBe(
      "Want me to remind you tomorrow at 9am to book a table for three?",
    );
    expect(ask(nlp, { kind: "payment", action: "send 50 dollars to alice" }, remindWhenSaid("in 1 hour"))).toMatchObject({
      question: "Want me to remind you to send 50 dollars to Alice in 1 hour?",
      phrase: { own: "send 50 dollars to Alice", slots: { amount: "50 dollars", person: "Alice" } },
    });
  });

  it("pronouns are said back in the second person; him, her and them stay", () => {
    expect(verbPhrase(nlp, "call my mom and our landlord about my rent")?.yours).toBe("call your mom and your landlord about your rent");
    expect(verbPhrase(nlp, "call my mom about our rent")).toMatchObject({ own: "call my mom about our rent", yours: "call your mom about your rent" });
    expect(verbPhrase(nlp, "text her")?.yours).toBe("text her");
    expect(verbPhrase(nlp, "pay them back")?.yours).toBe("pay them back");
    expect(verbPhrase(nlp, "email him my notes")?.yours).toBe("email him your notes");
    // "get me a table": for the speaker anyway, and "get you a table" reads wrong.
    expect(verbPhrase(nlp, "get me a table for 5 at johnnys")?.yours).toBe("get a table for 5 at johnnys");
    expect(verbPhrase(nlp, "book flights for me to paris")?.yours).toBe("book flights to Paris");
  });

  it("a second clause is dropped: the thing is named, the rest says more about it", () => {
    expect(verbPhrase(nlp, "book the train we talked about")?.yours).toBe("book the train");
    expect(verbPhrase(nlp, "text her that I'm late")?.yours).toBe("text her");
    expect(verbPhrase(nlp, "add bananas to my shopping list unless i already did")?.yours).toBe("add bananas to your shopping list");
    expect(verbPhrase(nlp, "skip this song and play the next one")?.yours).toBe("skip this song");
    expect(verbPhrase(nlp, "contact the bank about unfortunately")?.yours).toBe("contact the bank");
  });

  it("a second verb glued on makes no phrase, and no reminder is asked (quiet)", () => {
    for (const glued of ["order can you buy stamps here", "play coach refused to play him", "transfer you are welcome to pay in cash", "book can you have a table for three", "find help locate my phone", "play hear pop music", "roll over rollover your 401k"]) {
      expect(verbPhrase(nlp, glued), glued).toBeUndefined();
      expect(ask(nlp, { kind: "shopping", action: glued }, remindLater("in 1 hour")), glued).toBeUndefined();
    }
    // Nothing named to do it to: no phrase either.
    expect(verbPhrase(nlp, "transfer")).toBeUndefined();
    expect(verbPhrase(nlp, "call about")).toBeUndefined();
  });

  it("a search whose words make no phrase asks generically for its kind, or not at all", () => {
    expect(ask(nlp, { kind: "flight", action: "book can you fly us somewhere" }, openSearch)?.question).toBe("Want me to open a search for flights?");
    expect(ask(nlp, { kind: "car_rental", action: "rent can i do that" }, openSearch)?.question).toBe("Want me to open a search for rental cars?");
    expect(ask(nlp, { kind: "shopping", action: "order can you buy stamps here" }, openSearch)).toBeUndefined();
  });
});

describe("a word after an article names a thing", () => {
  let nlp: Nlp;
  beforeAll(async () => {
    nlp = await loadNlp();
  });

  it("'pick the kids up': the tagger's phrasal verb 'kids up' is the kids, picked up", () => {
    expect(ask(nlp, { kind: "arrangement", action: "pick the kids up at 5pm", when: "at 5pm" }, remindWhenSaid("at 5pm"))?.question).toBe("Want me to remind you to pick the kids up at 5pm?");
    expect(verbPhrase(nlp, "pick the kids up tomorrow", "tomorrow")?.own).toBe("pick the kids up");
  });

  it("a name's last word the tagger reads as a verb ('the sales report') is the thing, when nothing is acted on after it", () => {
    expect(ask(nlp, { kind: "message", action: "send the sales report to Ana by Friday", when: "by Friday" }, remindWhenSaid("by Friday"))?.question).toBe("Want me to remind you to send the sales report to Ana by Friday?");
    expect(questionProblems(nlp, "Want me to remind you to hand in the weekly progress report on Friday?")).toEqual([]);
    expect(verbPhrase(nlp, "go to the chess club meeting on Friday", "on Friday")?.own).toBe("go to the chess club meeting");
    // A word hyphened to its particle is said back whole; an owner after "to" owns what follows.
    expect(verbPhrase(nlp, "go to the river clean-up on Sunday", "on Sunday")?.own).toBe("go to the river clean-up");
    expect(verbPhrase(nlp, "go to Ana's housewarming party on Friday", "on Friday")?.own).toBe("go to Ana's housewarming party");
    // A word acted on after it: a verb glued on, still no phrase.
    expect(verbPhrase(nlp, "ring the office tell them")).toBeUndefined();
  });

  it("a particle after a name is no part of it: 'call Ana back', not 'call Ana Back'", () => {
    expect(ask(nlp, { kind: "call", action: "call Ana back tomorrow", when: "tomorrow" }, remindWhenSaid("tomorrow"))?.question).toBe("Want me to remind you to call Ana back tomorrow?");
  });

  it("a second verb glued on still makes no phrase", () => {
    expect(verbPhrase(nlp, "book the flight pay the bill")).toBeUndefined();
  });
});

describe("words the tagger reads as a second verb that are none", () => {
  it("one word between the verb and its particle is its object; one before an activity names its kind", () => {
    expect(verbPhrase(nlp, "pick milk up at the store tonight", "tonight")?.own).toBe("pick milk up at the store");
    expect(verbPhrase(nlp, "go dress shopping on Saturday", "on Saturday")?.own).toBe("go dress shopping");
  });

  it("a participle after what is had done to it: 'get my oil changed', 'have the boiler serviced'", () => {
    expect(ask(nlp, { kind: "arrangement", action: "get my oil changed tomorrow", when: "tomorrow" }, remindWhenSaid("tomorrow"))?.question).toBe("Want me to remind you to get your oil changed tomorrow?");
    expect(verbPhrase(nlp, "have the boiler serviced")?.own).toBe("have the boiler serviced");
    // Not after a pronoun, and a past tense clause after a name is still pasted speech.
    expect(verbPhrase(nlp, "play coach refused to play him")).toBeUndefined();
  });
});
