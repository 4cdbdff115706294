/**
 * The `world` commands, wired to their modules. Each module is imported only when its
 * command runs, so `world status` does not load the monitor, and so on.
 */
import { readFileSync } from "node:fs";
import { Command } from "commander";
import type { Context, GlobalOptions } from "../ui/cli/context.js";

// dist/bin/program.js -> the package's own package.json, wherever the package is installed.
const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

export const program = new Command("world")
  .description("the world log: one append-only file, and the processes around it")
  .version(`world ${version}`, "-v, --version", "print the version")
  .option("--home <dir>", "where the world lives (world.log and .world/); default $WORLD_HOME or the current directory")
  .option("--sync", "fsync every write, so acknowledged entries survive a machine crash (also WORLD_FSYNC=1)")
  .option("--as-human", "a person is writing although stdin is not a terminal (refused to agents; docs/trust.md)")
  .exitOverride()
  // Every usage mistake is ONE line on stderr: commander puts its "(Did you mean …?)" on a
  // line of its own (and showHelpAfterError would add another), so the text is folded here.
  .configureOutput({
    outputError: (text, write) => write(`world: ${text.replace(/^error: /, "").trim().replace(/\s*\n\s*/g, " ")} (run with --help for usage)\n`),
  });

async function ctx(): Promise<Context> {
  const { makeContext } = await import("../ui/cli/context.js");
  return makeContext(program.opts<GlobalOptions>());
}

program
  .command("event <source> <identifier> <output...>")
  .description("append [event:source][identifier] output")
  .option("-q, --quiet", "print nothing on success")
  .action(async (source: string, id: string, words: string[], opts) => {
    (await import("../ui/cli/write.js")).event(await ctx(), source, id, words, opts);
  });

program
  .command("agent <status> <session-id> [output...]")
  .description("append [agent:status][session-id] output | need: criteria")
  .option("--need <criteria>", "the success criterion (on start) or the blocker (on failed)")
  .option("--force", "write even if the lifecycle forbids this transition")
  .option("-q, --quiet", "print nothing on success")
  .action(async (status: string, id: string, words: string[], opts) => {
    (await import("../ui/cli/write.js")).agent(await ctx(), status, id, words, opts);
  });

program
  .command("check <reader>")
  .description("print the entries <reader> has not seen yet, then advance its cursor")
  .option("--peek", "show without advancing the cursor")
  .option("--json", "JSON Lines instead of log lines")
  .option("--limit <n>", "at most this many entries; the cursor moves past those only (check again for the rest)")
  .action(async (reader: string, opts) => {
    await (await import("../ui/cli/check.js")).check(await ctx(), reader, opts);
  });

program
  .command("respond <session-id> <text...>")
  .description("answer a failed agent, or a question the Spirit asked (yes / no / maybe later): appends [event:user][session-id] text (from terminal); \"cancel\" alone closes the session")
  .addHelpText(
    "after",
    "\nA failed agent: the text is what it needed (world query failed shows the need); the Verifier sends it back to work with it.\n  world respond 01J… 'the plate is LX-4711'\nA question (world query nudges shows the open ones): yes starts what was offered, no declines it, maybe later keeps it open.\n  world respond nudge-9 yes\ncancel (or close, dismiss) alone closes the session for good (world close does the same).\nOnly a person's approve lets a refused command run (docs/trust.md).",
  )
  .action(async (id: string, words: string[]) => {
    await (await import("../ui/cli/respond.js")).respond(await ctx(), id, words);
  });

program
  .command("close <session-id> [reason...]")
  .description("a person ends a session for good (running, parked or failed): [agent:closed], its processes stopped; refused to programs")
  .action(async (id: string, words: string[]) => {
    await (await import("../ui/cli/close.js")).close(await ctx(), id, words);
  });

program
  .command("reminder <action> [session-id] [words...]")
  .description("reminders and timers: list | cancel <id> | move <id> <time> | snooze <id> [duration, default 10m]")
  .option("--json", "JSON Lines (list)")
  .action(async (action: string, id: string | undefined, words: string[], opts) => {
    await (await import("../ui/cli/reminder.js")).reminder(await ctx(), action, id, words, opts);
  });

program
  .command("query <type> [arg]")
  .description("active | pending | failed | verified | closed | nudges [open|answered|declined|expired|all] | events [source] | agent <session-id> | recent [N] | search <text>")
  .option("--json", "JSON Lines (the contract for monitors; see README)")
  .option("--limit <n>", "at most this many rows (events: 100 by default, search: 50; the newest; stderr says how many more)")
  .option("--all", "events, search: every match, however many")
  .action(async (type: string, arg: string | undefined, opts) => {
    (await import("../ui/cli/query.js")).query(await ctx(), type, arg, opts);
  });

program
  .command("tail")
  .description("the latest entries, human-friendly; -f follows new ones")
  .option("-f, --follow", "keep printing entries as they are appended")
  .option("-n, --lines <n>", "how many entries to show first", "10")
  .option("--json", "JSON Lines")
  .action(async (opts) => {
    await (await import("../ui/cli/tail.js")).tail(await ctx(), opts);
  });

program
  .command("status")
  .description("counts by state, the oldest stuck agent, log size and health, free disk")
  .option("--json", "one JSON object")
  .action(async (opts) => {
    (await import("../ui/cli/status.js")).status(await ctx(), opts);
  });

program
  .command("verify-log")
  .description("prove world.log against its signed checkpoints (.world/chain/), then extend them; exit 3 when history no longer matches")
  .option("--json", "one JSON object")
  .option("--restart", "accept the log as it is now: move the checkpoints aside and begin a new chain (after a mismatch was looked at)")
  .action(async (opts) => {
    (await import("../ui/cli/verify-log.js")).verifyLog(await ctx(), opts);
  });

program
  .command("index")
  .description("the SQLite index (derived from the log; safe to delete)")
  // Added with .command() so it inherits exitOverride and the one-line errors above.
  .command("rebuild")
  .description("rebuild the index from world.log alone")
  .action(async () => {
    (await import("../ui/cli/status.js")).rebuild(await ctx());
  });

program
  .command("monitor")
  .description("the web monitor: a page on 127.0.0.1 showing the world live (prints its URL with the token)")
  .option("--port <n>", "port to listen on (0: any free port; default 4680, or a free port when 4680 is taken)")
  .option("--host <address>", "address to listen on", "127.0.0.1")
  .action(async (opts) => {
    await (await import("../ui/cli/monitor.js")).monitor(await ctx(), opts);
  });

program
  .command("mcp")
  .description("a Model Context Protocol server on stdio: log_event, log_agent_status, check, query, respond")
  .addHelpText("after", "\nName the world: world --home /path/to/world mcp (or WORLD_HOME). Without either, the current directory must hold a world.log\n(an MCP client starts the server in a directory of its own choosing). Which world is served is said on stderr at the start (docs/mcp.md).")
  .action(async () => {
    const homeGiven = program.opts<GlobalOptions>().home !== undefined || (process.env.WORLD_HOME ?? "") !== "";
    await (await import("../ui/cli/mcp.js")).mcp(await ctx(), homeGiven);
  });

program
  .command("spawn <task...>")
  .description('start a task agent: world spawn "<task> | need: <criteria>" (--kind <agent> | -- <command> [args…]); prints its session id')
  .option("--kind <agent>", "a built-in agent (dist/agents/<agent>/main.js)")
  .option("--need <criteria>", "the success criterion, instead of '| need:' in the text (a reminder, timer, note, open-page or meeting-prep agent has its own when none is given)")
  .option("--id <session-id>", "use this session id instead of a new ULID")
  .option("--env <NAME=value>", "extra environment for the agent, at every launch (repeatable; kept in .world/spawn-env/, never in the log)", (pair: string, all: string[]) => [...all, pair], [] as string[])
  .option("--plain", "an ordinary command that never calls world agent: its exit is its finish (exit 0: finish with its stdout as the output; else failed)")
  .addHelpText(
    "after",
    '\nAn ordinary command as an agent (docs/agents.md):\n  world spawn "say done | need: output contains \\"done\\"" --plain -- sh -c \'sleep 2; echo done\'\nWithout --plain the command must report itself (world agent finish "$WORLD_SESSION_ID" <evidence>);\nending without that fails the session.',
  )
  .action(async (words: string[], opts) => {
    // Words after `--` are the agent's command line: commander hands them over with the task words.
    const dash = process.argv.indexOf("--", process.argv.indexOf("spawn"));
    const command = dash === -1 ? [] : process.argv.slice(dash + 1);
    await (await import("../ui/cli/spawn.js")).spawn(await ctx(), words.slice(0, words.length - command.length), opts, command);
  });

const THRESHOLDS = (cmd: Command) =>
  cmd
    .option("--start-timeout <duration>", "start (or retry) with no active for this long → failed (default 1h)")
    .option("--active-timeout <duration>", "active with no finish for this long → failed (default 2h)")
    .option("--escalate-after <duration>", "failed with no human answer for this long → nudge, once per period (default 24h)")
    .option("--kill-grace <duration>", "SIGTERM to an orphan, SIGKILL after this long (default 10s)");

THRESHOLDS(program.command("keep"))
  .description("one Keeper sweep: timeouts, dead and orphaned agent processes, escalations, log health")
  .option("--once", "sweep once and exit (the default; for cron)")
  .option("--rearm", "first start again reminders and timers whose processes are gone (after a reboot)")
  .addHelpText("after", "\nFrom cron, every 5 minutes (and re-arming reminders after a reboot):\n  */5 * * * * cd /path/to/world && world keep --once\n  @reboot     cd /path/to/world && world keep --once --rearm\nThresholds also come from .world/config.json: {\"keeper\": {\"startTimeout\": \"1h\", …}} (docs/keeper-verifier.md).")
  .action(async (opts) => {
    await (await import("../ui/cli/keep.js")).keepOnce(await ctx(), opts);
  });

THRESHOLDS(program.command("keeper"))
  .description("the Keeper as a daemon: a sweep at start, then on a schedule")
  .option("--every <cron>", 'node-cron schedule (six fields: seconds first)', undefined)
  .action(async (opts) => {
    await (await import("../ui/cli/keep.js")).keeper(await ctx(), opts);
  });

const SPIRIT_OPTIONS = (cmd: Command) =>
  cmd
    .option("--user <speaker>", "which transcript speaker is the user (default $WORLD_USER_SPEAKER, .world/config.json, or 'user')")
    .option("--calendar <file.ics|URL>", "watch this calendar: meetings starting soon get a meeting-prep agent")
    .option("--nudge-expiry <duration>", "an unanswered nudge expires, without action, after this long (default 10m)")
    .option("--dedupe-window <duration>", "never ask the same question twice within this long (default 12h)")
    .option("--decline-memory <duration>", "a 'no' to a kind of nudge weighs on that kind for this long (default 7d)")
    .option("--stale-voice <duration>", "voice lines older than this are context, not requests (default 10m)")
    .option("--calendar-lead <duration>", "prepare for a meeting this long before it starts (default 15m)")
    .option("--calendar-poll <duration>", "read the calendar again this often (default 60s)")
    .option("--brain <auto|offline|claude>", "offline rules, or Claude when ANTHROPIC_API_KEY is set (default auto)")
    .option("--brain-deadline <duration>", "Claude has this long from the words to decide; then the offline brain does (default 5s)")
    .option("--assistant-name <name>", "the name that addresses the assistant in a conversation ('world, book the train'; default world)")
    .option("--conversation-gap <duration>", "a conversation ends after this long without speech (default 3m)");

SPIRIT_OPTIONS(program.command("spirit"))
  .description("the Spirit: follows the log (voice, answers, failures, calendar) and spawns, nudges, observes or stays quiet")
  .action(async (opts) => {
    const cli = await import("../ui/cli/spirit.js");
    await cli.spirit(await ctx(), cli.spiritFlags(opts));
  });

SPIRIT_OPTIONS(program.command("listen [command...]"))
  .description("log a speech transcript as [event:voice][<speaker>] lines: JSON Lines on stdin, --file, or --from-command -- <stt> [args…]")
  .option("--file <path>", "read this file or FIFO instead of stdin")
  .option("--follow", "keep reading the file as it grows (or the FIFO as writers come and go)")
  .option("--from-command", "run the command after -- and read its stdout (e.g. -- whisper-stream -m model.bin)")
  .option("--format <format>", "jsonl ({ts,speaker,text}), text (plain lines), whisper (whisper.cpp stream), pocketsphinx (its JSON)", "jsonl")
  .option("--speaker <name>", "who plain-text formats are attributed to (default: the user speaker)")
  .option("--spirit", "run the Spirit in this process too")
  .action(async (command: string[], opts) => {
    await (await import("../ui/cli/listen.js")).listen(await ctx(), command, opts);
  });

program
  .command("verify")
  .description("the Verifier, once: judge every agent that finished since it last looked, act on human answers, then exit")
  .option("--once", "run once and exit (the default)")
  .action(async () => {
    await (await import("../ui/cli/verify.js")).verifyOnce(await ctx());
  });

program
  .command("verifier")
  .description("the Verifier as a daemon: wakes on every change to world.log")
  .option("--debounce <duration>", "wait this long after a change before reading (default 5ms)")
  .action(async (opts) => {
    await (await import("../ui/cli/verify.js")).verifier(await ctx(), opts);
  });

const syncCommand = program
  .command("sync")
  .description("replicate this world.log with other machines through a NATS JetStream stream, both ways, until stopped (docs/sync.md)")
  .option("--nats <url>", "the NATS server, e.g. nats://127.0.0.1:4222; credentials in it: nats://user:password@host:4222 (or WORLD_NATS)")
  .option("--nats-ca <file>", "the certificate authority (PEM) that signed the server's TLS certificate, if not one this machine trusts (or WORLD_NATS_CA)")
  .option("--stream <name>", "the JetStream stream shared by the machines of one world (default WORLD)")
  .option("--machine <name>", "this machine's name (default: the host name; fixed after the first run)")
  .option("--insecure", "accept a server that asks for no credentials: anyone who can reach it can write into this world")
  .action(async (opts) => {
    await (await import("../ui/cli/sync.js")).sync(await ctx(), opts);
  });

syncCommand
  .command("key")
  .description("print this machine's public key, to enroll it on a machine already in the world (docs/sync.md)")
  .action(async () => {
    (await import("../ui/cli/sync-machines.js")).syncKey(await ctx(), syncCommand.opts());
  });

syncCommand
  .command("enroll <key>")
  .description("a person lets another machine write into this world over sync: its key (what world sync key printed there, or a file holding it)")
  .option("--name <machine>", "the name the other machine syncs under (its --machine)")
  .action(async (key: string, opts: { name?: string }) => {
    (await import("../ui/cli/sync-machines.js")).syncEnroll(await ctx(), key, { ...opts, ...syncCommand.opts<{ machine?: string }>() });
  });

syncCommand
  .command("revoke <machine>")
  .description("a person stops a machine writing into this world: its lines are refused from now on")
  .action(async (name: string) => {
    (await import("../ui/cli/sync-machines.js")).syncRevoke(await ctx(), name, syncCommand.opts());
  });

syncCommand
  .command("machines")
  .description("the machines enrolled in this world, and those revoked")
  .option("--json", "one JSON object per machine")
  .option("--check", "read each machine's signed chunks back from the stream (--nats, or the server world sync last ran with) and check this copy of its lines against them (exit 3 when it differs)")
  .action(async (opts) => {
    // --nats (with --check): world sync's own option, before or after the subcommand; default the server world sync last ran with here.
    await (await import("../ui/cli/sync-machines.js")).syncMachines(await ctx(), { ...opts, ...syncCommand.opts<{ machine?: string; nats?: string }>() });
  });

syncCommand
  .command("refused")
  .description("the chunks world sync kept aside (never applied): per machine and kind, how many, when, how many accepted since")
  .option("--json", "one JSON object per machine and kind")
  .action(async (opts) => {
    (await import("../ui/cli/sync-refused.js")).syncRefused(await ctx(), opts);
  });

syncCommand
  .command("accept <machine>")
  .description("a person applies the chunks of a machine kept aside only because it was not enrolled yet, each checked against its key now enrolled (world sync stopped)")
  .option("--unsigned", "also those without a signature (an older world sync): accepted on your word, said so in the log")
  .action(async (name: string, opts: { unsigned?: boolean }) => {
    (await import("../ui/cli/sync-refused.js")).syncAccept(await ctx(), name, { ...opts, ...syncCommand.opts<{ machine?: string }>() });
  });

program
  .command("up")
  .description("run the Keeper and the Verifier (and the Spirit and the monitor, when installed), supervised: threads of one process, or processes with --processes")
  .option("--only <names>", "comma-separated children to run: keeper, verifier, spirit, monitor (and sync with --nats)")
  .option("--max-restarts <n>", "give up on a child after this many crashes within --window (default 5)")
  .option("--window <duration>", "the window for --max-restarts (default 60s)")
  .option("--backoff <duration>", "first restart delay, doubling per crash (default 500ms)")
  .option("--stop-timeout <duration>", "on shutdown, SIGKILL a child this long after SIGTERM (default 10s)")
  .option("--port <n>", "the monitor's port (0: any free port; default 4680, or a free port when 4680 is taken)")
  .option("--nats <url>", "also run world sync with this NATS server: one world on several machines (docs/sync.md)")
  .option("--stream <name>", "with --nats: the JetStream stream (default WORLD)")
  .option("--machine <name>", "with --nats: this machine's name (default: the host name)")
  .option("--nats-ca <file>", "with --nats: the certificate authority (PEM) of the server's TLS certificate")
  .option("--insecure", "with --nats: accept a server that asks for no credentials (anyone who can reach it can write into this world)")
  .option("--processes", "each level a process of its own, not a thread of world up (more memory; a native crash in one level then spares the others)")
  .action(async (opts) => {
    await (await import("../ui/cli/up.js")).up(await ctx(), opts);
  });

program
  .command("rearm")
  .description("start again the reminders and timers whose process is gone (after a restart); run it before the Keeper's first sweep")
  .action(async () => {
    const c = await ctx();
    const started = await (await import("../agents/rearm.js")).rearmRemindersAlone(c.paths);
    for (const r of started) c.out(`re-armed ${r.kind} ${r.id}: due ${r.due}, pid ${r.pid}`);
    if (started.length === 0) c.out("nothing to re-arm");
  });

program
  .command("demo")
  .description("the whole system at work, offline, in a temporary world: daemons, a conversation, a reminder, an agent that needs a human (docs/demo.md)")
  .option("--keep-running", "after the summary, leave the daemons and the monitor up until Ctrl-C")
  .option("--clean", "remove the temporary world at the end (it is kept by default, to grep)")
  .option("--step-timeout <duration>", "give up on a step that has not happened after this long", "60s")
  .action(async (opts) => {
    // The global --home as given: the demo wants a new or empty directory, never $WORLD_HOME.
    await (await import("../ui/cli/demo.js")).demo(program.opts<{ home?: string }>().home, opts);
  });
