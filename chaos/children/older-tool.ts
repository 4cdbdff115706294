/**
 * Child of the legacy-lines attack: writes as the older shell `world` tool does. Its text
 * as it is (backslashes never escaped), whole-second timestamps, and a line over 4 KiB in
 * several write() calls of 4 KiB, so a line of ours can land between two of them. One line
 * `old-<n>` after another until `count`, as fast as it can (O_APPEND, like `>>`).
 */
import { closeSync, constants, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { olderToolText } from "./legacy-text.js";

const [home, count] = process.argv.slice(2) as [string, string];
const fd = openSync(join(home, "world.log"), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
try {
  for (let n = 0; n < Number(count); n++) {
    const ts = new Date().toISOString().slice(0, 19) + "Z";
    const line = Buffer.from(`[${ts}][event:bash][old-${n}] ${olderToolText(n)}\n`);
    for (let at = 0; at < line.length; at += 4096) writeSync(fd, line.subarray(at, Math.min(line.length, at + 4096)));
  }
} finally {
  closeSync(fd);
}
