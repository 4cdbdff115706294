/**
 * Where transcript lines come from: stdin, a file read once, a file or FIFO followed
 * as it grows, or the stdout of a speech-to-text command. Each is an async iterable of
 * lines that ends when its source ends or the signal aborts.
 */
import { closeSync, constants, createReadStream, openSync, readSync, statSync, writeSync, type Stats } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import { InternalError, NotFoundError, UsageError, shown } from "../../tools/errors.js";
import { FileChanges } from "../../tools/fs/watch.js";

/**
 * Lines split on '\n' only (readline would also split on a lone '\r', which speech tools
 * use to redraw the current line; the whisper adapter needs those redraws whole).
 */
async function* linesOf(stream: Readable, signal?: AbortSignal): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  const stop = () => stream.destroy();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    for await (const chunk of stream) {
      carry += typeof chunk === "string" ? chunk : decoder.write(chunk as Buffer);
      const parts = carry.split("\n");
      carry = parts.pop() ?? "";
      for (const line of parts) {
        yield line;
        if (signal?.aborted) return;
      }
    }
    carry += decoder.end();
    if (carry !== "") yield carry; // a last line without its newline
  } catch (error) {
    if (!signal?.aborted) throw error; // destroyed by our own stop: just the end
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

export function stdinLines(signal?: AbortSignal): AsyncGenerator<string> {
  return linesOf(process.stdin, signal);
}

function checkReadable(path: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`no transcript file: expected a file or FIFO, received ${shown(path)}`);
    throw new UsageError(`cannot read the transcript: expected a readable file, received ${shown(path)}: ${(error as Error).message}`);
  }
}

/** A file or FIFO read to its end once. */
export async function* fileLines(path: string, signal?: AbortSignal): AsyncGenerator<string> {
  checkReadable(path);
  yield* linesOf(createReadStream(path), signal);
}

/**
 * A file followed like `tail -f` from its first byte (lines appended later are read
 * too), or a FIFO read across any number of writers. Only the abort ends it.
 */
export async function* followLines(path: string, signal: AbortSignal, pollMs = 250): AsyncGenerator<string> {
  const stat = checkReadable(path);
  if (stat.isFIFO()) {
    // Opened read-write, we hold a writer end ourselves: the FIFO never reads EOF between
    // two writers (closing and reopening on EOF lost the words of a writer that came in
    // between), and opening does not block until a writer comes.
    const fd = openSync(path, constants.O_RDWR);
    // The read waits in the thread pool; on abort our own newline wakes it so it can end.
    const unblock = () => writeSync(fd, "\n");
    signal.addEventListener("abort", unblock, { once: true });
    try {
      for await (const line of linesOf(createReadStream("", { fd }), signal)) if (line !== "") yield line;
    } finally {
      signal.removeEventListener("abort", unblock);
    }
    return;
  }
  yield* tailFile(path, signal, pollMs);
}

async function* tailFile(path: string, signal: AbortSignal, pollMs: number): AsyncGenerator<string> {
  let offset = 0;
  let carry = "";
  // One decoder across reads: a character split between two chunks (or two appends) stays whole.
  let decoder = new StringDecoder("utf8");
  const changes = new FileChanges(path, { pollMs, signal });
  const buf = Buffer.alloc(1 << 16);
  try {
    while (await changes.next()) {
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        size = 0;
      }
      if (size < offset) {
        offset = 0; // truncated or replaced: start over, as tail -F does
        carry = "";
        decoder = new StringDecoder("utf8");
      }
      if (size > offset) {
        const fd = openSync(path, "r");
        try {
          for (let n = readSync(fd, buf, 0, buf.length, offset); n > 0; n = readSync(fd, buf, 0, buf.length, offset)) {
            offset += n;
            carry += decoder.write(buf.subarray(0, n));
          }
        } finally {
          closeSync(fd);
        }
        const parts = carry.split("\n");
        carry = parts.pop() ?? "";
        for (const line of parts) {
          yield line;
          if (signal.aborted) return;
        }
        changes.again(); // it may have grown while we read: look again before waiting
      }
    }
  } finally {
    changes.close();
  }
}

/**
 * The stdout of a speech-to-text command (array arguments, no shell). Its stderr goes to
 * `stderrFile`: those tools are chatty. A non-zero exit that we did not cause is an error.
 */
export async function* commandLines(command: readonly string[], stderrFile: string, signal: AbortSignal): AsyncGenerator<string> {
  if (command.length === 0 || command[0] === "") {
    throw new UsageError("no speech-to-text command: expected `world listen --from-command -- <program> [args…]`, received nothing");
  }
  // execa (its kill-after-delay, stderr to a file) is worth its ~100 ms here only: loaded when used.
  const { execa } = await import("execa");
  const child = execa(command[0]!, command.slice(1), {
    stdin: "ignore",
    stdout: "pipe",
    stderr: { file: stderrFile, append: true },
    reject: false,
    cancelSignal: signal,
    forceKillAfterDelay: 2000,
  });
  yield* linesOf(child.stdout!, signal);
  const result = await child;
  if (signal.aborted) return;
  if (result.failed) {
    const why = result.exitCode !== undefined ? `exited with code ${result.exitCode}` : (result.originalMessage ?? result.shortMessage);
    // The whole command, not a shortened one: its path is what the reader must check.
    throw new InternalError(`the speech-to-text command ${shown(command.join(" "), 1000)} ${why} (its stderr is in ${stderrFile})`);
  }
}
