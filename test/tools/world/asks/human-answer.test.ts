import { describe, expect, it } from "vitest";
import { answerWords, humanAnswerRetry, HUMAN_PREFIX } from "../../../../tools/world/asks/human-answer.js";
import { relayed } from "../../../../tools/world/asks/spoken.js";

describe("a person's answer handed back to an agent", () => {
  it("is written as the Verifier's retry text and read back as the person's words alone", () => {
    const typed = humanAnswerRetry("at 7am (from terminal)", "when to remind you");
    expect(typed).toBe("human answered: at 7am (from terminal) (it was blocked on: when to remind you)");
    expect(answerWords(typed)).toBe("at 7am");
    expect(answerWords(humanAnswerRetry(relayed("four pm"), "when to remind you"))).toBe("four pm");
    expect(answerWords(humanAnswerRetry("the code is 4711 (from monitor)", undefined))).toBe("the code is 4711");
    // Parentheses of the person's own survive; only the blocker's are taken off.
    expect(answerWords(humanAnswerRetry("at 5 (after the school run) (from terminal)", "when (a time in the future)"))).toBe("at 5 (after the school run)");
  });

  it("is no answer when the guidance is the Verifier's own", () => {
    expect(answerWords("retry 1 of 3: no evidence. Guidance: finish with a path")).toBeUndefined();
    expect(answerWords(`${HUMAN_PREFIX}`)).toBe("");
  });
});
