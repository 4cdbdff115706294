/**
 * A realistic world.log for benchmarks: events of several sources interleaved with
 * agent sessions that go start → active… → finish → verified, or retry, or failed (and
 * sometimes a human answers and the session retries). Lines are ~120 bytes, valid for
 * parseLine and the lifecycle, and the same seed gives the same bytes.
 *
 *   import { generateLog } from "./generate-log.js";   // other suites
 *   node dist/bench/generate-log.js FILE [--lines N] [--sessions S] [--seed X] [--prefix P]
 *
 * It appends, so a second call with another prefix continues a log (incremental tests).
 */
import { closeSync, fstatSync, openSync, writeSync } from "node:fs";
import { formatLineText } from "../tools/world/log-format.js";
import { pathToFileURL } from "node:url";
import { seeded } from "../tools/random.js";

export interface LogSpec {
  lines?: number;
  sessions?: number;
  seed?: number;
  /** Timestamp of the first line (default 2026-01-01T00:00:00Z). */
  start?: Date;
  /** Prefix of session ids, so a continuation never reuses an id (default "ag"). */
  prefix?: string;
}

export interface LogStats {
  file: string;
  lines: number;
  bytes: number;
  sessions: number;
  agentLines: number;
  eventLines: number;
  /** A word in only a handful of lines, and how many lines hold it. */
  rareWord: string;
  rareLines: number;
  /** A word in a large share of the lines. */
  commonWord: string;
  commonLines: number;
  /** Latest status by session state at the end (active = start/active/retry, pending = finish). */
  states: { active: number; pending: number; failed: number; verified: number };
  /** An active session touched near the end of the log (its lifecycle check reads one chunk). */
  recentActiveId: string;
  /** The active session whose latest line is furthest back (the lifecycle check reads far). */
  oldestActiveId: string;
  lastTs: string;
}

const RARE_WORD = "zanzibar";
const COMMON_WORD = "the";
const COMMON_RE = new RegExp(`\\b${COMMON_WORD}\\b`);

const WORDS = (
  "report invoice meeting budget draft email calendar flight hotel summary notes review deploy server " +
  "backup photo recipe grocery doctor dentist school payment refund contract slides quarterly launch " +
  "feedback weather traffic train ticket birthday gift playlist podcast article research paper code " +
  "branch release bug ticket customer project roadmap design sketch garden plumber insurance taxes"
).split(" ");
const FILLER = ["the", "a", "for", "with", "and", "to", "of", "on", "in", "from"];
const SITES = ["github.com", "mail.google.com", "docs.python.org", "news.ycombinator.com", "en.wikipedia.org", "maps.google.com"];
const COMMANDS = ["git status", "npm test", "ls -la", "make build", "cargo check", "pytest -q", "docker ps", "git pull --rebase"];

type Status = "start" | "active" | "finish" | "verified" | "retry" | "failed";
interface Session {
  id: string;
  status: Status;
  retries: number;
  lastLine: number;
  abandoned?: boolean;
}

export function generateLog(file: string, spec: LogSpec = {}): LogStats {
  const lines = spec.lines ?? 1_000_000;
  const sessionCount = spec.sessions ?? 10_000;
  const prefix = spec.prefix ?? "ag";
  const rand = seeded(spec.seed ?? 42); // the same log for the same seed
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const words = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(rand() < 0.3 ? pick(FILLER) : pick(WORDS));
    return out.join(" ");
  };
  const hex = (digits: number) => Math.floor(rand() * 16 ** digits).toString(16).padStart(digits, "0");

  let ms = (spec.start ?? new Date("2026-01-01T00:00:00Z")).getTime();
  const open: Session[] = [];
  const all: Session[] = [];
  const failedWaiting: Session[] = [];
  let started = 0;
  let agentLines = 0;
  let rareLines = 0;
  let commonLines = 0;
  let bytes = 0;
  let ts = "";
  // Every 10,000th line carries the rare word: ~100 hits in 1M lines.
  const rareEvery = 10_000;

  const event = (n: number): string => {
    const source = pick(["chrome", "chrome", "bash", "bash", "file", "api", "system", "voice", "voice", "calendar", "spirit"]);
    let id: string;
    let text: string;
    switch (source) {
      case "chrome":
        id = `tab-${hex(6)}`;
        text = `visited https://${pick(SITES)}/${pick(WORDS)}/${hex(4)} title: ${words(5)}`;
        break;
      case "bash":
        id = `cmd-${hex(6)}`;
        text = `$ ${pick(COMMANDS)} exit=${rand() < 0.9 ? 0 : 1} ${Math.floor(rand() * 900)}ms in ~/src/${pick(WORDS)} ${words(3)}`;
        break;
      case "file":
        id = `file-${hex(6)}`;
        text = `modified ~/notes/${pick(WORDS)}-${pick(WORDS)}.md (+${Math.floor(rand() * 40)} -${Math.floor(rand() * 20)}) ${words(5)}`;
        break;
      case "api":
        id = `req-${hex(8)}`;
        text = `${pick(["GET", "POST"])} /v1/${pick(WORDS)}/${hex(4)} ${rand() < 0.95 ? 200 : 503} ${Math.floor(rand() * 300)}ms ${words(4)}`;
        break;
      case "system":
        id = `host-${hex(2)}`;
        text = `cpu ${Math.floor(rand() * 100)}% mem ${Math.floor(rand() * 100)}% disk ${Math.floor(rand() * 100)}% load ${(rand() * 4).toFixed(2)} ${words(3)}`;
        break;
      case "calendar":
        id = `cal-${hex(6)}`;
        text = `upcoming: ${words(4)} at ${String(Math.floor(rand() * 24)).padStart(2, "0")}:00 with ${pick(["Ana", "Bo", "Chen", "Dee"])} ${words(3)}`;
        break;
      case "spirit":
        id = `sp-${hex(6)}`;
        text = rand() < 0.3 ? `nudge: should I ${words(6)}?` : `observe: ${words(9)}`;
        break;
      default:
        id = `utt-${hex(6)}`;
        text = `${COMMON_WORD} user said: ${words(11)}`;
    }
    if (n % rareEvery === rareEvery / 2) text += ` ${RARE_WORD}`;
    return `[${ts}][event:${source}][${id}] ${text}`;
  };

  const step = (s: Session, n: number): string => {
    agentLines += 1;
    s.lastLine = n;
    let next: Status;
    let tail = "";
    switch (s.status) {
      case "start":
      case "retry":
        next = "active";
        break;
      case "active": {
        const r = rand();
        next = r < 0.92 ? "active" : r < 0.997 ? "finish" : "failed";
        break;
      }
      case "finish":
        next = rand() < 0.7 ? "verified" : s.retries >= 3 ? "failed" : "retry";
        break;
      default:
        next = "retry"; // failed, after a human answered
    }
    let text: string;
    if (next === "active") text = `step: ${pick(["reading", "searching", "writing", "calling"])} ${words(9)}`;
    else if (next === "finish") text = `done: ${words(10)}`;
    else if (next === "verified") text = `meets need: ${words(9)}`;
    else if (next === "retry") {
      s.retries += 1;
      text = `guidance: ${words(9)}`;
    } else {
      text = s.retries >= 3 ? `escalated after ${s.retries} retries` : `blocked: ${words(4)}`;
      tail = ` | need: blocker: ${words(5)}`;
    }
    s.status = next;
    if (next === "verified") open.splice(open.indexOf(s), 1);
    if (next === "failed") {
      open.splice(open.indexOf(s), 1);
      if (rand() < 0.5) failedWaiting.push(s); // a human will answer it later
    }
    return `[${ts}][agent:${next}][${s.id}] ${text}${tail}`;
  };

  const fd = openSync(file, "a");
  // A log our appender started begins with its format line (tools/world/log-format.ts).
  let chunk: string[] = fstatSync(fd).size === 0 ? [formatLineText(new Date(ms)) + "\n"] : [];
  const flush = () => {
    const buf = Buffer.from(chunk.join(""), "utf8");
    bytes += buf.length;
    writeSync(fd, buf);
    chunk = [];
  };
  try {
    for (let n = 1; n <= lines; n++) {
      ms += Math.floor(rand() * 150);
      ts = new Date(ms).toISOString();
      let line: string;
      // Session k starts at line ~k·lines/sessions (all of them before the last 3%).
      if (started < sessionCount && n >= Math.floor((started * lines * 0.97) / sessionCount) + 1) {
        const s: Session = { id: `${prefix}-${started.toString(36).padStart(4, "0")}${hex(4)}`, status: "start", retries: 0, lastLine: n };
        started += 1;
        agentLines += 1;
        all.push(s);
        // 1 in 100 agents dies silently mid-task: it stays active (the Keeper's job).
        if (rand() < 0.01) s.abandoned = true;
        open.push(s);
        line = `[${ts}][agent:start][${s.id}] ${pick(["find", "book", "draft", "summarise", "fix"])} ${words(7)} | need: ${words(5)}`;
      } else if (failedWaiting.length > 0 && rand() < 0.02) {
        // A human answers a failed session, and the verifier sends it back to work.
        const s = failedWaiting.shift()!;
        open.push(s);
        line = `[${ts}][event:user][${s.id}] answer: ${words(10)}`;
      } else if (open.length > 0 && rand() < 0.3) {
        const s = open[Math.floor(rand() * open.length)]!;
        if (s.abandoned && s.status !== "start") {
          open.splice(open.indexOf(s), 1);
          line = event(n);
        } else line = step(s, n);
      } else line = event(n);
      if (COMMON_RE.test(line)) commonLines += 1;
      if (line.endsWith(RARE_WORD)) rareLines += 1;
      chunk.push(line, "\n");
      if (chunk.length >= 20_000) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }

  const states = { active: 0, pending: 0, failed: 0, verified: 0 };
  let recent: Session | undefined;
  let oldest: Session | undefined;
  for (const s of all) {
    if (s.status === "finish") states.pending += 1;
    else if (s.status === "failed" || s.status === "verified") states[s.status] += 1;
    else {
      states.active += 1;
      if (!recent || s.lastLine > recent.lastLine) recent = s;
      if (!oldest || s.lastLine < oldest.lastLine) oldest = s;
    }
  }
  return {
    file,
    lines,
    bytes,
    sessions: started,
    agentLines,
    eventLines: lines - agentLines,
    rareWord: RARE_WORD,
    rareLines,
    commonWord: COMMON_WORD,
    commonLines,
    states,
    recentActiveId: recent?.id ?? "",
    oldestActiveId: oldest?.id ?? "",
    lastTs: ts,
  };
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const file = args[0];
  if (!file || file.startsWith("-")) {
    process.stderr.write("usage: node dist/bench/generate-log.js FILE [--lines N] [--sessions S] [--seed X] [--prefix P]\n");
    process.exit(2);
  }
  const num = (name: string) => (flag(args, name) === undefined ? undefined : Number(flag(args, name)));
  const spec: LogSpec = {};
  if (num("--lines") !== undefined) spec.lines = num("--lines")!;
  if (num("--sessions") !== undefined) spec.sessions = num("--sessions")!;
  if (num("--seed") !== undefined) spec.seed = num("--seed")!;
  if (flag(args, "--prefix") !== undefined) spec.prefix = flag(args, "--prefix")!;
  process.stdout.write(JSON.stringify(generateLog(file, spec)) + "\n");
}
