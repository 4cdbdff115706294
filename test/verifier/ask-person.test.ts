/** The question a person gets when an agent's tries are used up: one sentence per criterion kind (verifier/ask-person.ts). */
import { describe, expect, it } from "vitest";
import { askPerson } from "../../verifier/ask-person.js";

const ask = (clause: string, detail: string, attempts = 4) => askPerson([{ clause, detail }], undefined, attempts, "send the March invoice");

describe("the sentence for each kind of criterion", () => {
  it("file exists: could not find it, where is it?", () => {
    expect(ask("file exists invoice-march.pdf", "invoice-march.pdf does not exist")).toBe("I could not find invoice-march.pdf after 4 tries. Where is it?");
  });
  it("file … matches: missing is not found; present is the wrong text", () => {
    expect(ask("file out/report.md matches /total/i", "out/report.md cannot be read")).toBe("I could not find out/report.md after 4 tries. Where is it?");
    expect(ask("file out/report.md matches /total/i", "out/report.md does not match /total/i")).toBe("The file out/report.md still does not match /total/i after 4 tries. What should it say?");
  });
  it("command exits 0: the command still fails", () => {
    expect(ask("command exits 0: make test", "make test exited 2")).toBe("The command `make test` still fails after 4 tries. What should change?");
  });
  it("output contains / matches", () => {
    expect(ask('output contains "confirmation number"', "the output does not contain it")).toBe('My result still does not contain "confirmation number" after 4 tries. Where do I find it?');
    expect(ask("output matches /[A-Z]{6}/", "no match")).toBe("My result still does not match /[A-Z]{6}/ after 4 tries. What is missing?");
  });
  it("event … logged", () => {
    expect(ask("event notify logged", "no [event:notify] line")).toBe("No notify event was logged after 4 tries. What is in the way?");
    expect(ask("event notify logged matching /water/", "no match")).toBe("No notify event was logged matching /water/ after 4 tries. What is in the way?");
  });
  it("free text (what the judge still misses): a generic sentence with the task", () => {
    expect(askPerson([], "the output does not mention: table, eight", 4, "book a table for eight")).toBe(
      'I could not get "book a table for eight" done (the output does not mention: table, eight) after 4 tries. What should I do?',
    );
    expect(askPerson([], undefined, 2, "tidy up")).toBe('I could not get "tidy up" done after 2 tries. What should I do?');
  });
  it("a clause that does not parse is said as it was written", () => {
    expect(ask("file exist x", "x")).toBe('"file exist x" is still not true (x) after 4 tries. What should I do?');
  });
  it("several unmet clauses: one sentence, the tries once", () => {
    expect(askPerson([{ clause: "file exists a.pdf", detail: "" }, { clause: "command exits 0: ./check", detail: "" }], undefined, 4, "t")).toBe(
      "After 4 tries, I could not find a.pdf; the command `./check` still fails. What should I do?",
    );
  });
  it("one try is a try", () => {
    expect(ask("file exists a.pdf", "", 1)).toBe("I could not find a.pdf after 1 try. Where is it?");
  });
});
