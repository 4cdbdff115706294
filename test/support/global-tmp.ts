/**
 * vitest globalSetup: every test run gets its own temporary root, and the workers (and
 * every process they start) inherit it through TMPDIR. At the end the root is removed
 * whole, so a test, a daemon or an agent that forgot a folder leaves nothing in /tmp.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "world-tests-"));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
