import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Conversation, type Message } from "../../../tools/llm/session.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const user = (text: string): Message => ({ role: "user", content: text });
const assistant = (text: string): Message => ({ role: "assistant", content: text });

describe("Conversation", () => {
  it("persists under .world/<name>-session.json and resumes", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "verifier");
    c.push(user("first"), assistant("one"));
    expect(existsSync(c.file)).toBe(true);
    expect(c.file.endsWith(".world/verifier-session.json")).toBe(true);
    const again = new Conversation(w.paths, "verifier");
    expect(again.messages).toEqual([user("first"), assistant("one")]);
  });

  it("keeps the first message and the latest N, noting what was dropped", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "spirit", { keepLatest: 4 });
    c.push(user("instructions"), assistant("ok"));
    for (let i = 0; i < 10; i++) c.push(user(`q${i}`), assistant(`a${i}`));
    const m = c.messages;
    expect(m[0]).toEqual(user("instructions"));
    expect(m[1]!.role).toBe("assistant");
    expect(String(m[1]!.content)).toMatch(/trimmed/);
    expect(m.slice(2)).toEqual([user("q8"), assistant("a8"), user("q9"), assistant("a9")]);
    expect(c.dropped).toBeGreaterThan(0);
    // roles alternate, as the API requires
    m.forEach((msg, i) => expect(msg.role).toBe(i % 2 === 0 ? "user" : "assistant"));
  });

  it("hands over every message it cut, once, and keeps the owner's summary in its note", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "spirit", { keepLatest: 4 });
    c.push(user("q0"), assistant("a0"));
    const cut: Message[] = [];
    for (let i = 1; i < 10; i++) {
      c.push(user(`q${i}`), assistant(`a${i}`));
      cut.push(...c.takeDropped());
    }
    expect(c.takeDropped()).toEqual([]);
    // Everything but the first message and the kept tail, in order, and nothing twice.
    expect(cut.map((m) => m.content)).toEqual(["a0", ...[1, 2, 3, 4, 5, 6, 7].flatMap((i) => [`q${i}`, `a${i}`])]);
    expect(c.dropped).toBe(cut.length);
    c.setSummary("the user asked for 7 things");
    expect(c.messages[1]).toEqual(assistant(`(${cut.length} earlier messages of this conversation were trimmed to keep it short; world.log has the full history.)\nSummary of them: the user asked for 7 things`));
    const resumed = new Conversation(w.paths, "spirit", { keepLatest: 4 });
    expect(resumed.summary).toBe("the user asked for 7 things");
    resumed.push(user("q10"), assistant("a10"));
    expect(String(resumed.messages[1]!.content)).toMatch(/\nSummary of them: the user asked for 7 things$/);
    expect(resumed.takeDropped().map((m) => m.content)).toEqual(["q8", "a8"]);
  });

  it("never cuts between a tool_use and its tool_result", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "judge", { keepLatest: 3 });
    c.push(user("instructions"));
    for (let i = 0; i < 6; i++) {
      c.push(
        { role: "assistant", content: [{ type: "tool_use", id: `t${i}`, name: "x", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: "r" }] },
        assistant(`done ${i}`),
        user(`next ${i}`),
      );
    }
    const tail = c.messages.slice(2);
    expect(tail[0]!.role).toBe("user");
    expect(typeof tail[0]!.content).toBe("string"); // a plain user message, not a tool_result
    for (let i = 0; i < tail.length; i++) {
      const content = tail[i]!.content;
      if (Array.isArray(content) && content[0]?.type === "tool_result") {
        expect(JSON.stringify(tail[i - 1]!.content)).toContain(content[0].tool_use_id);
      }
    }
  });

  it("starts over when the file is unreadable", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "verifier");
    c.push(user("x"));
    writeFileSync(c.file, "{not json");
    expect(new Conversation(w.paths, "verifier").messages).toEqual([]);
    expect(readFileSync(c.file, "utf8")).toBe("{not json");
  });
});

describe("Conversation trimming with tool results", () => {
  it("strips a tool_result whose tool_use was trimmed, keeping the text of that message", () => {
    w = tempWorld();
    const c = new Conversation(w.paths, "mixed", { keepLatest: 2 });
    c.push(user("case 1"));
    for (let i = 0; i < 4; i++) {
      c.push({ role: "assistant", content: [{ type: "tool_use", id: `v${i}`, name: "record_verdict", input: {} }] });
      c.push({ role: "user", content: [{ type: "tool_result", tool_use_id: `v${i}`, content: "recorded" }, { type: "text", text: `case ${i + 2}` }] });
    }
    const m = c.messages;
    expect(m[0]).toEqual(user("case 1"));
    expect(m[1]!.role).toBe("assistant");
    expect(m[2]).toEqual({ role: "user", content: [{ type: "text", text: "case 5" }] });
    expect(m).toHaveLength(3);
  });
});
