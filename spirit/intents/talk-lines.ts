// Overheard talk, written for this project: what people say to each other
// all day that uses the words of a request without being one. Past events
// ("we booked a hotel in rome last year"), what someone else did or said,
// opinions and stories. The CLINC-derived file has only requests to an
// assistant, so without these the model reads "i paid the rent yesterday" as
// a payment. All quiet. Templates x fillers, fixed seed (see reminder-lines.ts).

import { pick, seeded } from "../../tools/random.js";
import type { Line } from "./reminder-lines.js";

const DONE = [
  "booked a flight to denver", "paid the electric bill", "called my dad", "ordered a pizza", "sent the money to john", "rented a car in lisbon",
  "set an alarm for six", "texted her back", "reserved a table at the thai place", "transferred the rent", "played that song on repeat",
  "turned off the lights", "added eggs to the list", "got an uber home", "booked the hotel near the beach", "cancelled the reservation",
  "scheduled a meeting with the team", "changed my pin", "reported the card stolen", "took friday off", "bought stamps at the post office",
  "ordered the fish", "paid in cash", "called the restaurant", "moved the meeting to thursday", "booked a cruise", "bought new running shoes",
  "sent grandma a card", "got a new credit card", "found my phone in the car", "flew to chicago", "stayed at a hotel downtown",
  "booked a table at the steakhouse for friday", "paid the mortgage", "venmoed her for dinner", "called an uber", "ordered new checks",
  "set up direct deposit", "put in for vacation", "texted the group", "added him on the calendar", "turned up the heat", "skipped that song",
  "made a reservation for saturday", "bought plane tickets to boston", "scheduled the oil change", "paid off the credit card",
];
// Suggestions between people about what to do together or for fun: nothing for an assistant.
const LEISURE = ["go", "get going", "hang out more", "try the soup", "watch that movie", "read that book", "grab a coffee sometime", "go for a walk",
  "check out that new bar", "visit them more often", "take a break", "relax this weekend", "see the fireworks", "try that recipe", "leave soon"];
const GAMES = ["chess", "cards", "twenty questions", "monopoly", "tennis", "a round of golf", "poker", "catch", "hide and seek", "trivia"];
const WHO = ["i", "we", "my sister", "he", "she", "they", "my boss", "our neighbor", "my friend", "the coach", "my wife", "my husband", "tom"];
const WHEN = ["yesterday", "last week", "last night", "this morning", "a while ago", "last year", "on monday", "", ""];
const TOPICS = ["the game", "that movie", "the new album", "the election", "the weather", "their wedding", "the restaurant", "the book", "the team", "the trip"];
const OPINION = ["was great", "was terrible", "was so boring", "is overrated", "was amazing", "was a disaster", "was pretty good", "is hilarious"];

const TEMPLATES = [
  "{who} {done} {when}", "{who} already {done}", "i think {who} {done} {when}", "did you know {who} {done} {when}", "{who} said {who2} {done}",
  "{who} told me they {done}", "let's play {game}", "do you want to play {game}", "{who} played {game} {when}", "we should play {game} sometime", "we should {leisure}", "you should {leisure}", "we should probably {leisure}", "maybe we could {leisure}", "remember when {who} {done}", "{topic} {opinion}", "i thought {topic} {opinion}", "honestly {topic} {opinion}",
  "did you see {topic}", "have you heard about {topic}", "{who} never {done2}", "{who} wanted to {do} but it was too late",
  "{who} said they would {do}", "i can't believe {who} {done}", "so then {who} {done} and left",
];

// "booked a flight" -> "book a flight": the base form for "wanted to ..." templates.
const BASE: Array<[RegExp, string]> = [
  [/^paid/, "pay"], [/^sent/, "send"], [/^got/, "get"], [/^bought/, "buy"], [/^took/, "take"], [/^found/, "find"], [/^flew/, "fly"], [/^stayed/, "stay"],
  [/^set/, "set"], [/^(\w+?)ied\b/, "$1y"], [/^(\w+?)(\w)\2ed\b/, "$1$2"], [/^(\w+?e)d\b/, "$1"], [/^(\w+?)ed\b/, "$1"],
];
const base = (done: string): string => {
  for (const [re, to] of BASE) if (re.test(done)) return done.replace(re, to);
  return done;
};

export function talkLines(perTemplate = 14, seed = 424242): Line[] {
  const rnd = seeded(seed);
  const out = new Set<string>();
  for (const t of TEMPLATES) for (let i = 0; i < perTemplate; i++) {
    const done = pick(rnd, DONE);
    const text = t
      .replace("{who}", pick(rnd, WHO)).replace("{who2}", pick(rnd, WHO)).replace("{done}", done).replace("{done2}", pick(rnd, DONE))
      .replace("{do}", base(done)).replace("{when}", pick(rnd, WHEN)).replace("{topic}", pick(rnd, TOPICS)).replace("{opinion}", pick(rnd, OPINION)).replace("{game}", pick(rnd, GAMES)).replace("{leisure}", pick(rnd, LEISURE))
      .replace(/\s+/g, " ").trim();
    out.add(text);
  }
  return [...out].map((text) => ({ text, label: "quiet", kind: "chit_chat" }));
}
