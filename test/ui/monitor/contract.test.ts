/**
 * docs/contract.md, executed: every `$ world …` call on that page runs against the real
 * binary in a world built to match the examples; each JSON line is checked against the
 * schemas (strict: a field the page does not document fails), the example lines on the page
 * must fit the same schemas, and errors must print exactly the documented line and exit code.
 */
import { readFileSync } from "node:fs";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ROOT, tempWorld, WORLD_BIN, world, type TempWorld } from "../../support/world.js";
import { waitUntil } from "../../support/wait.js";

const TS = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const STATUS = z.enum(["start", "active", "finish", "verified", "retry", "failed", "closed"]);

const SessionJson = z.strictObject({
  id: z.string().min(1),
  state: z.enum(["active", "pending", "failed", "verified", "closed"]),
  status: STATUS,
  task: z.string(),
  need: z.string().nullable(),
  blocker: z.string().nullable(),
  output: z.string(),
  retries: z.number().int().min(0),
  startedAt: TS.nullable(),
  updatedAt: TS,
  line: z.number().int().min(1),
  machine: z.string().min(1).nullable(),
  parkedUntil: TS.nullable(),
});

const EntryJson = z
  .strictObject({
    line: z.number().int().min(1),
    ts: TS,
    kind: z.enum(["event", "agent"]),
    source: z.string().regex(/^[a-z][a-z0-9_-]*$/).optional(),
    status: STATUS.optional(),
    id: z.string().min(1),
    output: z.string(),
    need: z.string().optional(),
    outputRef: z.string().optional(),
    needRef: z.string().optional(),
  })
  .refine((e) => (e.kind === "event" ? e.source !== undefined && e.status === undefined && e.need === undefined : e.status !== undefined && e.source === undefined), {
    message: "events have a source, agents a status (and only agents a need)",
  });

/** `world query nudges`: the nudge's line as an entry, with its state (tools/world/asks/nudge-state.ts). */
const NudgeJson = z.strictObject({
  line: z.number().int().min(1),
  ts: TS,
  kind: z.literal("event"),
  source: z.literal("spirit"),
  id: z.string().min(1),
  output: z.string().startsWith("nudge: "),
  outputRef: z.string().optional(),
  state: z.enum(["open", "answered", "declined", "expired"]),
  expiresAt: TS,
  answers: z.array(z.strictObject({ line: z.number().int().min(1), ts: TS, output: z.string(), reads: z.enum(["yes", "no", "unclear"]) })),
  question: z.string(),
  offer: z.strictObject({ agentKind: z.string().min(1), task: z.string(), need: z.string().optional() }).nullable(),
});

const LOG_LINE = /^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\]\[(event|agent):[a-z]+\]\[[^\]\s]+\] .*$/;

interface DocCall {
  args: string[];
  exit: number;
  example: string[];
  text: string;
}

/** Splits `world respond book-7 "use the card"` the way a shell would (double quotes only). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

function docCalls(): DocCall[] {
  const doc = readFileSync(`${ROOT}/docs/contract.md`, "utf8");
  const calls: DocCall[] = [];
  for (const block of doc.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const [first, ...rest] = block[1]!.trimEnd().split("\n");
    const m = /^\$ world (.*?)(?:\s+# exit (\d))?$/.exec(first!);
    if (!m) throw new Error(`a call in docs/contract.md does not start with "$ world": ${first}`);
    calls.push({ args: words(m[1]!), exit: Number(m[2] ?? 0), example: rest, text: first! });
  }
  return calls;
}

/** The schema a call's output lines must fit. */
function schemaFor(args: string[]): z.ZodType | "log-line" | "none" {
  if (args[0] === "query" && ["active", "pending", "failed", "verified", "closed"].includes(args[1]!)) return SessionJson;
  if (args[0] === "query" && args[1] === "nudges") return NudgeJson;
  if (args[0] === "query" || args[0] === "tail") return EntryJson;
  if (args.includes("respond") || args.includes("close")) return "log-line";
  return "none";
}

let w: TempWorld;
const calls = docCalls();

async function cli(...args: string[]) {
  const r = await world(w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
}

beforeAll(async () => {
  // The world the examples on the page describe.
  w = tempWorld("world-contract-");
  await cli("agent", "start", "mail-1", "Reply to Anna about Friday", "--need", "a sent reply");
  await cli("agent", "finish", "mail-1", "sent: see you Friday at 7");
  await cli("--as-human", "agent", "verified", "mail-1", "reply was sent and answers the question");
  await cli("agent", "start", "photos-2", "Rename the holiday photos", "--need", "every photo named by date and place");
  await cli("agent", "finish", "photos-2", "renamed 214 photos");
  await cli("agent", "start", "sum-3", "Summarise the inbox", "--need", "five bullet points");
  await cli("agent", "active", "sum-3", "read 40 of 112 messages");
  await cli("agent", "start", "call-5", "Call the plumber about the leak", "--need", "an appointment");
  await cli("--as-human", "close", "call-5", "fixed it myself");
  await cli("agent", "start", "garden-6", "Find a gardener for Saturday", "--need", "a booked gardener");
  await cli("agent", "start", "book-7", "Book a table for four at 8pm", "--need", "a confirmation number");
  await cli("agent", "failed", "book-7", "gave up after 3 retries", "--need", "the restaurant needs a credit card to hold the table");
  await cli("event", "spirit", "nudge-9", "nudge: Your train leaves in 40 minutes. Shall I call a taxi?");
});

afterAll(() => w?.cleanup());

describe("docs/contract.md", () => {
  it("documents every call the monitors need", () => {
    const documented = calls.map((c) => c.args.filter((a) => a !== "--as-human").slice(0, 2).join(" "));
    for (const needed of ["query active", "query pending", "query failed", "query verified", "query closed", "query recent", "query agent", "respond book-7", "tail -f"]) {
      expect(documented).toContain(needed);
    }
    expect(calls.map((c) => c.exit).sort()).toEqual(expect.arrayContaining([0, 2, 3, 4]));
  });

  for (const call of calls) {
    it(call.text, async () => {
      const schema = schemaFor(call.args);
      // The example on the page fits the schema too: the doc shows real shapes.
      for (const line of call.example) {
        if (call.exit !== 0) expect(line).toMatch(/^world: [^\n]+$/);
        else if (schema === "log-line") expect(line).toMatch(LOG_LINE);
        else if (schema !== "none") schema.parse(JSON.parse(line));
      }
      if (call.args[0] === "tail") return void (await checkTail(call));

      const r = await world(w.home, call.args, { stripFinalNewline: false });
      expect(r.exitCode, r.stderr).toBe(call.exit);
      if (call.exit !== 0) {
        expect(r.stdout).toBe("");
        expect(r.stderr).toBe(call.example.join("\n") + "\n"); // one line, exactly as documented
        return;
      }
      expect(r.stderr).toBe("");
      const lines = r.stdout.split("\n").slice(0, -1);
      expect(r.stdout.endsWith("\n")).toBe(true);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        if (schema === "log-line") expect(line).toMatch(LOG_LINE);
        else if (schema !== "none") schema.parse(JSON.parse(line));
      }
      // The documented example is one of the lines, but for times and line numbers.
      const loose = (s: string) => s.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, "T").replace(/"line":\d+/g, '"line":N');
      expect(lines.map(loose)).toContain(loose(call.example[0]!));
    });
  }
});

/** `world tail -f --json`: appends until the follower shows them, then a graceful stop. */
async function checkTail(call: DocCall): Promise<void> {
  const proc = execa("node", [WORLD_BIN, "--home", w.home, ...call.args], { reject: false });
  let out = "";
  proc.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  // Started with -n 0 it prints nothing until something is appended after it began; append
  // until a line shows, so the test does not depend on how fast the process starts.
  for (let i = 0; !out.includes('"id":"contract"'); i++) {
    if (i > 100) throw new Error(`world tail -f printed nothing: ${out}`);
    await cli("event", "system", "contract", `ping ${i}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await cli("--as-human", "respond", "book-7", "use the card ending 4242");
  await waitUntil(() => out.includes('"source":"user"'), { what: "the answer in world tail's output" });
  proc.kill("SIGTERM");
  const r = await proc;
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toBe("");
  const entries = out.trimEnd().split("\n").map((l) => EntryJson.parse(JSON.parse(l)));
  const lines = entries.map((e) => e.line);
  expect(lines).toEqual([...lines].sort((a, b) => a - b)); // in log order, no repeats
  expect(new Set(lines).size).toBe(lines.length);
  expect(entries.at(-1)).toMatchObject({ kind: "event", source: "user", id: "book-7", output: "use the card ending 4242 (from terminal)" });
}
