/** How a failed session is said to a person (tools/world/asks/plea.ts), by the Spirit and the Keeper alike. */
import { expect, it } from "vitest";
import { pleaLine, taskWords } from "../../../../tools/world/asks/plea.js";

it("a question the Verifier left is said as it is, with the task beside it", () => {
  expect(pleaLine("send the March invoice", "inv-1", "I could not find invoice-march.pdf after 4 tries. Where is it?")).toBe(
    'I could not find invoice-march.pdf after 4 tries. Where is it? (task "send the March invoice"; answer: world respond inv-1 <text>)',
  );
});

it("another blocker says what the task needs", () => {
  expect(pleaLine("pay the bill", "s-3", "the one-time code from the bank.")).toBe('"pay the bill" needs the one-time code from the bank. (answer: world respond s-3 <text>)');
  expect(pleaLine("pay the bill", "s-3", "")).toBe('"pay the bill" needs a decision from you. (answer: world respond s-3 <text>)');
});

it("a session without task words is named by its id, never by an empty name", () => {
  expect(taskWords("", "f2")).toBe("f2");
  expect(taskWords(undefined, "f2")).toBe("f2");
  expect(pleaLine("  ", "f2", "help")).toBe('"f2" needs help. (answer: world respond f2 <text>)');
  expect(pleaLine(null, "f2", "Where is it?")).toBe("Where is it? (answer: world respond f2 <text>)");
  expect(taskWords("x".repeat(100), "id")).toHaveLength(80);
});
