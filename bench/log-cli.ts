/**
 * The `world` CLI as agents and people call it: one process per call, so what matters
 * is wall time against a bare `node -e ''` started in the same environment (and, for
 * commands that read the whole log, against `grep -c` over the same file).
 */
import { fileURLToPath } from "node:url";
import { fmt, type Row } from "./measure.js";
import { timeInterleaved, withoutExtraCerts, type Cmd, type Timing } from "./log-timing.js";

const WORLD = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const NODE = process.execPath;

function world(home: string, args: readonly string[]): readonly string[] {
  return [WORLD, "--home", home, ...args];
}

function ratio(value: Timing, floor: Timing): string {
  return fmt.x(value.median / floor.median);
}

function cell(t: Timing): string {
  return `${fmt.ms(t.median)} (min ${fmt.ms(t.min)}, p95 ${fmt.ms(t.p95)})`;
}

function minRatio(value: Timing, floor: Timing): string {
  return `min/min ${fmt.x(value.min / floor.min)}`;
}

/** `world event` in a small world, with the environment as it is and without the extra CA certificates; `world check`. */
export function eventCall(smallHome: string, runs: number): Row[] {
  const bare = withoutExtraCerts();
  const eventArgs = world(smallHome, ["event", "bash", "cmd-1", "git", "status", "exit=0", "-q"]);
  const cmds: Cmd[] = [
    { name: "node", cmd: NODE, args: ["-e", ""] },
    { name: "event", cmd: NODE, args: eventArgs },
    { name: "node-bare", cmd: NODE, args: ["-e", ""], env: bare },
    { name: "event-bare", cmd: NODE, args: eventArgs, env: bare },
    // What an agent or a monitor polls: the few lines new since its last look (--peek, so every run reads them).
    { name: "check", cmd: NODE, args: world(smallHome, ["check", "bench-reader", "--peek"]) },
  ];
  const t = timeInterleaved(cmds, runs);
  const certs = process.env.NODE_EXTRA_CA_CERTS === undefined ? "not set here" : "set";
  return [
    {
      name: `\`world event\` (NODE_EXTRA_CA_CERTS ${certs}), ${runs} runs`,
      value: cell(t.get("event")!),
      floor: `node -e '' ${fmt.ms(t.get("node")!.median)}`,
      ratio: ratio(t.get("event")!, t.get("node")!),
      note: `${minRatio(t.get("event")!, t.get("node")!)}; target ≤ 1.50x`,
    },
    {
      name: `\`world event\` (NODE_EXTRA_CA_CERTS removed), ${runs} runs`,
      value: cell(t.get("event-bare")!),
      floor: `node -e '' ${fmt.ms(t.get("node-bare")!.median)}`,
      ratio: ratio(t.get("event-bare")!, t.get("node-bare")!),
      note: `${minRatio(t.get("event-bare")!, t.get("node-bare")!)}; target ≤ 1.50x`,
    },
    {
      name: `\`world check <reader> --peek\`, ${runs} runs`,
      value: cell(t.get("check")!),
      floor: `node -e '' ${fmt.ms(t.get("node")!.median)}`,
      ratio: ratio(t.get("check")!, t.get("node")!),
      note: minRatio(t.get("check")!, t.get("node")!),
    },
  ];
}

/** `world agent` on the big log: the lifecycle check reads it backwards. */
export function agentCalls(bigHome: string, log: string, ids: { recent: string; oldest: string }, runs: number): Row[] {
  const cmds: Cmd[] = [
    { name: "node", cmd: NODE, args: ["-e", ""] },
    { name: "grep", cmd: "grep", args: ["-c", "-F", "][no-such-session]", log] },
    { name: "recent", cmd: NODE, args: world(bigHome, ["agent", "active", ids.recent, "still", "working", "-q"]) },
    { name: "oldest", cmd: NODE, args: world(bigHome, ["agent", "active", ids.oldest, "still", "working", "-q"]) },
    { name: "start", cmd: NODE, args: (run) => world(bigHome, ["agent", "start", `bench-new-${run}`, "a new task", "--need", "done", "-q"]) },
  ];
  const t = timeInterleaved(cmds, runs);
  const node = t.get("node")!;
  const grep = t.get("grep")!;
  const floor = `node -e '' ${fmt.ms(node.median)}; grep -c ${fmt.ms(grep.median)}`;
  const row = (name: string, key: string): Row => ({
    name,
    value: cell(t.get(key)!),
    floor,
    ratio: `${ratio(t.get(key)!, node)}; ${ratio(t.get(key)!, grep)}`,
  });
  return [
    row(`\`world agent active <id>\` (latest line near the end), ${runs} runs`, "recent"),
    row(`\`world agent active <id>\` (latest line far back: located by the warm index), ${runs} runs`, "oldest"),
    row(`\`world agent start <new-id>\` (proves absence: one lookup in the warm index, no full scan), ${runs} runs`, "start"),
  ];
}

/** `world query` on the big log with a warm index (it still checks for new lines first). */
export function queries(bigHome: string, log: string, words: { rare: string; common: string }, runs: number): Row[] {
  const cmds: Cmd[] = [
    { name: "node", cmd: NODE, args: ["-e", ""] },
    { name: "grep-active", cmd: "grep", args: ["-c", "-F", "[agent:active]", log] },
    { name: "active", cmd: NODE, args: world(bigHome, ["query", "active"]) },
    { name: "grep-rare", cmd: "grep", args: ["-c", "-w", words.rare, log] },
    { name: "rare", cmd: NODE, args: world(bigHome, ["query", "search", words.rare]) },
    { name: "grep-common", cmd: "grep", args: ["-c", "-w", words.common, log] },
    { name: "common", cmd: NODE, args: world(bigHome, ["query", "search", words.common]) },
  ];
  const t = timeInterleaved(cmds, runs);
  const node = t.get("node")!;
  const row = (name: string, key: string, grepKey: string): Row => ({
    name,
    value: cell(t.get(key)!),
    floor: `node -e '' ${fmt.ms(node.median)}; grep -c ${fmt.ms(t.get(grepKey)!.median)}`,
    ratio: `${ratio(t.get(key)!, node)}; ${ratio(t.get(key)!, t.get(grepKey)!)}`,
  });
  return [
    row(`\`world query active\`, ${runs} runs`, "active", "grep-active"),
    row(`\`world query search ${words.rare}\` (rare word), ${runs} runs`, "rare", "grep-rare"),
    row(`\`world query search ${words.common}\` (common word), ${runs} runs`, "common", "grep-common"),
  ];
}
