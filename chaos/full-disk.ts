/**
 * A full disk (a real 64 KiB tmpfs; mounting needs root, so the row is skipped with the
 * reason otherwise): entries written until the disk is full, with long outputs (attachments)
 * and short ones. Every acknowledged entry is in the log whole, no failed one is, no
 * attachment is left without its line, and every failure is one line on stderr.
 */
import { readdirSync } from "node:fs";
import { worldPaths } from "../tools/world/paths.js";
import { collectEntries } from "../tools/world/read.js";
import { smallDisk, world } from "./support.js";
import type { ChaosAttack } from "./types.js";

const WRITES = 60;

const attack: ChaosAttack = {
  name: "full disk (64 KiB tmpfs, 60 writes)",
  async run(ctx) {
    const disk = smallDisk(ctx.tmp(), "64k");
    const nothing = { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0 };
    if ("skipped" in disk) return { ...nothing, skipped: disk.skipped };
    try {
      const acknowledged: string[] = [];
      const refused: string[] = [];
      let badErrors = 0;
      for (let i = 0; i < WRITES; i++) {
        const id = `fd-${i}`;
        const output = `${id} ${(i % 3 === 0 ? "L" : "s").repeat(i % 3 === 0 ? 5000 : 1500)}`;
        const r = await world(ctx, disk.dir, ["event", "system", id, output]);
        if (r.exitCode === 0) acknowledged.push(id);
        else refused.push(id);
        if (r.exitCode !== 0 && (String(r.stderr).trimEnd().split("\n").length !== 1 || /internal error/.test(String(r.stderr)))) badErrors++;
      }
      for (const args of [["status"], ["query", "recent"]]) {
        const r = await world(ctx, disk.dir, args);
        if (r.exitCode !== 0 && (String(r.stderr).trimEnd().split("\n").length !== 1 || /internal error/.test(String(r.stderr)))) badErrors++;
      }
      const paths = worldPaths(disk.dir);
      const read = collectEntries(paths.log);
      const inLog = new Set(read.entries.map((e) => e.id));
      const named = new Set(read.entries.flatMap((e) => [e.outputRef, e.kind === "agent" ? e.needRef : undefined]).filter(Boolean).map((r) => r!.replace(/^attachments\//, "")));
      let orphans = 0;
      try {
        orphans = readdirSync(paths.attachments).filter((f) => !named.has(f)).length;
      } catch {
        // no attachments directory: none orphaned
      }
      return {
        attacks: WRITES,
        linesLost: acknowledged.filter((id) => !inLog.has(id)).length,
        linesForged: refused.filter((id) => inLog.has(id)).length + orphans + badErrors,
        verdictsDoubled: 0,
        verdictsMissing: 0,
        unapprovedCommands: 0,
        notes: `${acknowledged.length} written, ${refused.length} refused; ${orphans} orphan attachments; ${badErrors} errors not one line; ${read.problems.length} torn fragments reported`,
      };
    } finally {
      disk.unmount();
    }
  },
};
export default attack;
