/**
 * Child of the legacy-lines attack: writes as the older shell `world` tool does. Its text
 * as it is (backslashes never escaped), whole-second timestamps, and a line over 4 KiB in
 * several write() calls of 4 KiB, so a line of ours can land between two of them. One line
 * `old-<n>` after another until `count` (O_APPEND, like `>>`), `pauseMs` apart.
 */
import { closeSync, constants, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { olderToolText } from "./legacy-text.js";

const [home, count, pauseMs = "0"] = process.argv.slice(2) as [string, string, string?];
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const fd = openSync(join(home, "world.log"), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
try {
  for (let n = 0; n < Number(count); n++) {
    const ts = new Date().toISOString().slice(0, 19) + "Z";
    const line = Buffer.from(`[${ts}][event:bash][old-${n}] ${olderToolText(n)}\n`);
    for (let at = 0; at < line.length; at += 4096) writeSync(fd, line.subarray(at, Math.min(line.length, at + 4096)));
    if (pauseMs !== "0") Atomics.wait(PAUSE, 0, 0, Number(pauseMs)); // spread over the time ours append
  }
} finally {
  closeSync(fd);
}
