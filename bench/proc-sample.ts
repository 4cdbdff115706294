/**
 * What /proc says of a running process, for the suites that watch `world up` from outside
 * (bench/idle.ts, bench/soak.ts): its memory, its threads' context switches (wake-ups), its
 * write syscalls, and its descendants. Linux only, like the suites that use it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileStates } from "./home-changes.js";

export function readProc(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function field(text: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);
}

export interface ProcSample {
  rssKb: number;
  /** Proportional set size: each page shared with other processes (the node binary) counted as its share. */
  pssKb: number;
  /** Context switches of the main thread (the event loop's wake-ups) and of all threads (V8's GC helpers too). */
  mainSwitches: number;
  switches: number;
  writes: number;
  /** Bytes handed to those write syscalls (/proc/<pid>/io wchar): an eventfd wake-up writes 8, a page of the index 4096. */
  writtenBytes: number;
  threads: number;
  name: string;
}

export function sampleProc(pid: number): ProcSample {
  let switches = 0;
  let mainSwitches = 0;
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    // gone
  }
  for (const tid of tids) {
    const s = readProc(`/proc/${pid}/task/${tid}/status`);
    const n = field(s, "voluntary_ctxt_switches") + field(s, "nonvoluntary_ctxt_switches");
    switches += n;
    if (tid === String(pid)) mainSwitches = n;
  }
  const status = readProc(`/proc/${pid}/status`);
  const io = readProc(`/proc/${pid}/io`);
  const cmd = readProc(`/proc/${pid}/cmdline`).split("\0").filter(Boolean);
  const worldAt = cmd.findIndex((a) => a.endsWith("world.js"));
  const verb = worldAt === -1 ? cmd.slice(0, 2).join(" ") : cmd.slice(worldAt + 1).filter((a) => !a.startsWith("-") && !a.includes("/")).slice(0, 1).join(" ");
  return {
    rssKb: field(status, "VmRSS"),
    pssKb: field(readProc(`/proc/${pid}/smaps_rollup`), "Pss"),
    mainSwitches,
    switches,
    writes: field(io, "syscw"),
    writtenBytes: field(io, "wchar"),
    threads: tids.length,
    name: verb || String(pid),
  };
}

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  const kids = readProc(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...kids.flatMap(processTree)];
}

/** Every file's mtime under `dir` (a missing dir is empty): what changed in a quiet window. */
export function mtimes(dir: string): Map<string, number> {
  return new Map([...fileStates(dir)].map(([p, s]) => [p, s.mtimeMs]));
}
