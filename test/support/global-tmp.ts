/**
 * vitest globalSetup: every test run gets its own temporary root, and the workers (and
 * every process they start) inherit it through TMPDIR. At the end every process still
 * running with that root in its environment (a daemon or agent a test left behind) is
 * stopped and named, then the root is removed whole, so nothing is left in /tmp.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopWorldProcesses } from "./stop-world.js";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "world-tests-"));
  process.env.TMPDIR = root;
  return () => {
    // The pool's workers (our children, with TMPDIR=root too) are vitest's to close.
    const left = stopWorldProcesses(root, { spareChildren: true });
    if (left.length > 0) console.warn(`global-tmp: stopped ${left.length} process(es) the tests left running:\n  ${left.join("\n  ")}`);
    rmSync(root, { recursive: true, force: true });
  };
}
