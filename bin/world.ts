#!/usr/bin/env node
/**
 * The `world` CLI entry: wiring only (commands live in bin/program.ts and are imported
 * lazily). Every command's exit code is decided here, from what main() returns; the
 * other process.exit calls in the CLI's process force an exit after a second signal
 * (tools/process/daemon.ts for the daemons, ui/cli/demo.ts for the demo).
 */

async function main(): Promise<number> {
  try {
    // The commands agents and monitors call all the time skip commander, which alone costs
    // half a bare node start-up (see ui/cli/fast-log.ts, fast-query.ts, fast-spawn.ts, fast-spirit.ts and the benchmark).
    const args = process.argv.slice(2);
    // They are bundles, CommonJS (scripts/finish-build.mjs says why), so required, not imported.
    const command = commandOf(args);
    if (command === "event" || command === "agent" || command === "check") {
      const code = await (bundled("fast-log") as typeof import("../ui/cli/fast-log.js")).fastLog(args, command);
      if (code !== undefined) return code;
    } else if (command === "spawn" && !args.includes("--")) {
      // (An agent's command after `--` is the full CLI's: fast-spawn would only hand it over.)
      const code = await (bundled("fast-spawn") as typeof import("../ui/cli/fast-spawn.js")).fastSpawn(args);
      if (code !== undefined) return code;
    } else if (command === "spirit") {
      // The daemon's start (and `world up`'s Spirit, a thread or a process running this CLI).
      const code = await (bundled("fast-spirit") as typeof import("../ui/cli/fast-spirit.js")).fastSpirit(args);
      if (code !== undefined) return code;
    } else if (command === "query") {
      const code = (bundled("fast-query") as typeof import("../ui/cli/fast-query.js")).fastQuery(args);
      if (code !== undefined) return code;
    }
    const { program } = await import("./program.js");
    await program.parseAsync(process.argv);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    const { report } = await import("../tools/report.js");
    return report(error);
  }
}

/** A fast path's bundle (dist/ui/cli/<name>.cjs, built by scripts/finish-build.mjs). */
function bundled(name: string): unknown {
  // As built, this file is CommonJS (scripts/finish-build.mjs) and has its own require: node:module
  // would start the ES module loader. From the sources (an ES module) a require is made for it.
  const load = typeof require === "function" ? require : process.getBuiltinModule("node:module").createRequire(import.meta.url);
  return load(`../ui/cli/${name}.cjs`);
}

/** The first word that is not a global option (a guess: the fast paths check it again). */
function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--home") i++;
    else if (!args[i]!.startsWith("-")) return args[i];
  }
  return undefined;
}

// stdout failing is not a bug of ours. A reader that went away (`world query recent | head -1`)
// ends the process quietly, as SIGPIPE ends Unix tools; anything else is one line. Either
// way nothing is acknowledged afterwards: `world check` moves its cursor only once every
// line was written, so its entries come again.
//
// The handler is attached when stdout is first used, not here: creating the stream (for a
// pipe: a socket and the stream modules) is ~15% of a bare node start, and `world event -q`
// never writes to stdout. process.stdout is a lazy getter of Node's; ours wraps it.
const stdoutGetter = Object.getOwnPropertyDescriptor(process, "stdout")?.get;
if (stdoutGetter === undefined) watchStdout(process.stdout);
else {
  Object.defineProperty(process, "stdout", {
    configurable: true,
    enumerable: true,
    get() {
      const stdout = stdoutGetter.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, "stdout", { configurable: true, enumerable: true, writable: false, value: stdout });
      watchStdout(stdout);
      return stdout;
    },
  });
}

function watchStdout(stdout: NodeJS.WriteStream): void {
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") process.stderr.write(`world: cannot write to stdout: ${error.message}\n`);
    process.exit(1);
  });
}

main().then(
  (code) => {
    // Exit by exitCode when all is well, so stdout drains; at once on failure.
    if (code === 0) process.exitCode = 0;
    else process.exit(code);
  },
  // Only reached when reporting itself failed (the report module did not load): one line, exit 1.
  (error: unknown) => {
    process.stderr.write(`world: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
