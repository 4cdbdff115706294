/**
 * Built-in agents: `--kind <name>` runs dist/agents/<name>/main.js with this Node (main.cjs
 * where the build made one).
 * The list is whatever main.js files exist, so adding an agent is adding a folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../tools/package-root.js";
import { ALARM_KINDS } from "./reminder/armed.js";
import { QUICK_REGEXPS } from "./reminder/quick-regexps.js";

const AGENTS_DIR = join(PACKAGE_ROOT, "dist", "agents");

/** What an agent's sh parent execs when the agent has ended (agents/note-exit.ts; compiled, as tests run the source). */
export const NOTE_EXIT = join(PACKAGE_ROOT, "dist", "agents", "note-exit.js");

const KIND_RULE = /^[a-z][a-z0-9_-]{0,63}$/;

export function builtInAgent(kind: string): string[] | undefined {
  if (!KIND_RULE.test(kind)) return undefined;
  const main = join(AGENTS_DIR, kind, "main.js");
  if (!existsSync(main)) return undefined;
  // The alarm agents are also built as one CommonJS file (scripts/finish-build.mjs), and read their
  // one time with chrono's regexps compiled simply: they say "armed" sooner (issue 23).
  const bundled = join(AGENTS_DIR, kind, "main.cjs");
  const flags = (ALARM_KINDS as readonly string[]).includes(kind) ? QUICK_REGEXPS : [];
  return [process.execPath, ...flags, existsSync(bundled) ? bundled : main];
}

export function knownKinds(): string[] {
  let names: string[];
  try {
    names = readdirSync(AGENTS_DIR);
  } catch {
    return [];
  }
  return names.filter((n) => KIND_RULE.test(n) && existsSync(join(AGENTS_DIR, n, "main.js"))).sort();
}
