/**
 * The tools the general agent's model may call. Each has a zod schema (its JSON Schema
 * is what the model sees; its parse is what the executor trusts) and runs with the
 * session's identity: the model writes only under its own session id, spawns only
 * built-in agents, and runs commands only through the tools/command policy gate.
 */
import { z } from "zod";
import { authorize } from "../../tools/command/gate.js";
import { BASH_SOURCE, commandLine, outputLine } from "../../tools/command/log.js";
import { runCommand, summarize } from "../../tools/command/exec.js";
import { ChromeTools } from "../../tools/chrome/tools.js";
import { check } from "../../tools/world/check.js";
import { SOURCE_RULE } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import { openIndex } from "../../tools/world/index-db.js";
import * as q from "../../tools/world/query.js";
import { knownKinds } from "../registry.js";
import { spawnAgent } from "../spawn.js";
import type { AgentRun } from "../harness.js";

/** Sources a model must not write: they stand for the person, the Spirit and the system. */
const RESERVED_SOURCES = new Set(["user", "voice", "spirit", "system"]);
const RESULT_LIMIT = 8000;

export interface ToolContext {
  run: AgentRun;
  chrome: ChromeTools;
  /** Commands refused in this run, for the final `need`. */
  refused: string[];
  /** Asking for approval: the `need` of the first refusal. */
  approvalNeeds: string[];
}

export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  run: (input: z.infer<S>, ctx: ToolContext, signal: AbortSignal) => Promise<string>;
}

function tool<S extends z.ZodType>(t: AgentTool<S>): AgentTool {
  return t as unknown as AgentTool;
}

function cap(text: string): string {
  return text.length > RESULT_LIMIT ? `${text.slice(0, RESULT_LIMIT)}\n[… ${text.length - RESULT_LIMIT} more characters not shown]` : text;
}

const QUERY_TYPES = ["active", "pending", "failed", "verified", "events", "agent", "recent", "search"] as const;

export const TOOLS: AgentTool[] = [
  tool({
    name: "world_event",
    description: "Append an event to world.log under this session: [event:<source>][<session>] <text>. For facts worth keeping (a finding, a result). Sources user, voice, spirit and system are reserved.",
    schema: z.object({
      source: z.string().regex(SOURCE_RULE, "a lower-case name like note, file, api").refine((s) => !RESERVED_SOURCES.has(s), "not user, voice, spirit or system"),
      text: z.string().min(1).max(4000),
    }),
    run: async ({ source, text }, { run }) => formatEntry(run.event(source, text)),
  }),
  tool({
    name: "world_agent",
    description: `Start another task agent for a sub-task (it runs on its own and reports in world.log). kind is one of the built-in agents (${knownKinds().filter((k) => k !== "general").join(", ") || "reminder, timer, shell, web-watch, meeting-prep"}). Returns its session id.`,
    schema: z.object({
      kind: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/).refine((k) => k !== "general", "not general (no recursion)"),
      task: z.string().min(1).max(2000),
      need: z.string().min(1).max(1000),
    }),
    run: async ({ kind, task, need }, { run }) => {
      const { id, pid } = await spawnAgent(run.paths, { kind, task, need });
      return pid === null ? `parked ${kind} session ${id}: no process needed, the Keeper's scheduler delivers it` : `started ${kind} agent: session ${id} (pid ${pid})`;
    },
  }),
  tool({
    name: "world_check",
    description: "Entries appended to world.log since this session last checked (the latest 50 at most).",
    schema: z.object({}),
    run: async (_input, { run }) => {
      const reader = `agent-${run.id.toLowerCase().replace(/[^a-z0-9._-]/g, "_")}`.slice(0, 64);
      let lines: string[] = [];
      check(run.paths, reader, ({ entries }) => {
        const shown = entries.slice(-50);
        lines = shown.map(formatEntry);
        if (entries.length > shown.length) lines.unshift(`(${entries.length - shown.length} earlier entries not shown)`);
      });
      return lines.length ? cap(lines.join("\n")) : "(nothing new)";
    },
  }),
  tool({
    name: "world_query",
    description: "Ask the world's index: sessions by state (active, pending, failed, verified), events [source], agent <session-id> (its history), recent [N], search <words> (full text). Returns JSON lines.",
    schema: z.object({
      type: z.enum(QUERY_TYPES),
      arg: z.string().max(500).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    run: async ({ type, arg, limit }, { run }) => {
      const index = openIndex(run.paths);
      try {
        const rows: unknown[] =
          type === "events" ? q.events(index, arg, limit)
          : type === "agent" ? (arg ? q.history(index, arg).slice(-limit) : [])
          : type === "recent" ? q.recent(index, limit)
          : type === "search" ? (arg ? q.search(index, arg, limit) : [])
          : q.sessionsIn(index, type, limit);
        return rows.length ? cap(rows.map((r) => JSON.stringify(r)).join("\n")) : "(no results)";
      } finally {
        index.close();
      }
    },
  }),
  tool({
    name: "bash_run",
    description: "Run one command (an argv array, no shell: no pipes or redirections). Read-only commands (ls, cat, head, tail, wc, grep, echo, pwd, date, df, du, free, uptime, uname, whoami, id, hostname, stat, which, git status/log/diff/show/rev-parse/ls-files) run at once; anything else is refused until a human approves it. Do not try to work around a refusal.",
    schema: z.object({
      argv: z.array(z.string().max(4000)).min(1).max(100),
      timeoutMs: z.number().int().min(100).max(120_000).default(30_000),
    }),
    run: async ({ argv, timeoutMs }, ctx, signal) => {
      const { run } = ctx;
      const auth = authorize(run.paths, run.id, argv);
      if (!auth.allowed) {
        ctx.refused.push(auth.command);
        ctx.approvalNeeds.push(auth.need);
        run.event(BASH_SOURCE, `refused: ${auth.command} (${auth.reason})`);
        return `REFUSED by policy: ${auth.reason}. It needs a human's approval; if the task cannot be done without it, end with a failed answer.`;
      }
      run.event(BASH_SOURCE, commandLine(argv, auth.approvedBy));
      const result = await runCommand({ argv, cwd: run.env.home, timeoutMs }, signal);
      run.event(BASH_SOURCE, outputLine(result));
      return cap(`${summarize(result)}\n${result.all}`);
    },
  }),
  tool({
    name: "chrome_open",
    description: "Open an http(s) URL in a headless browser (replaces the current page). Returns the final URL, HTTP status and title.",
    schema: z.object({ url: z.string().min(1).max(4000) }),
    run: async ({ url }, { chrome }) => JSON.stringify(await chrome.open({ url })),
  }),
  tool({
    name: "chrome_text",
    description: "The visible text of the open page (or of the first element matching a CSS selector).",
    schema: z.object({ selector: z.string().min(1).max(500).optional(), maxChars: z.number().int().min(1).max(20_000).default(8000) }),
    run: async ({ selector, maxChars }, { chrome }) => {
      const { text, truncated } = await chrome.text({ ...(selector && { selector }), maxChars });
      return truncated ? `${text}\n[cut at ${maxChars} characters]` : text;
    },
  }),
];

export function toolByName(name: string): AgentTool | undefined {
  return TOOLS.find((t) => t.name === name);
}
