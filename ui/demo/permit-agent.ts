#!/usr/bin/env node
/**
 * The demo's second agent: fills in a parking permit form, `permit.txt`, which needs
 * the car's plate number. It looks for the plate where it can (its task, the guidance
 * it was given, a `car.txt` in the world's home) and writes what it found. Without a
 * plate it still finishes, and says honestly what is missing; the Verifier's need
 * (`file permit.txt matches /plate: …/`) then fails, and the Verifier sends it back with
 * guidance, and after three retries asks a human. A human's answer arrives in
 * WORLD_GUIDANCE ("human answered: the plate is LX-4711 …"): the plate is taken from it.
 *
 * Run by `world demo` through `world spawn … -- node dist/ui/demo/permit-agent.js`; it speaks
 * the task-agent protocol of docs/agents.md through the shared harness (agents/harness.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runAgent, type AgentRun } from "../../agents/harness.js";

/** Two or three capitals, a hyphen, three or four digits: "LX-4711". */
const PLATE = /\b[A-Z]{2,3}-\d{3,4}\b/;

interface Found {
  plate: string;
  where: string;
}

function readCarFile(home: string): string {
  try {
    return readFileSync(join(home, "car.txt"), "utf8");
  } catch {
    return "";
  }
}

function findPlate(run: AgentRun): Found | undefined {
  const places: [string, string][] = [
    ["the task", run.env.task],
    ["the guidance", run.env.guidance ?? ""],
    ["car.txt", readCarFile(run.env.home)],
  ];
  for (const [where, text] of places) {
    const m = PLATE.exec(text);
    if (m) return { plate: m[0], where };
  }
  return undefined;
}

function form(plate: string): string {
  return `parking permit application\nholder: the user\nplate: ${plate}\n`;
}

await runAgent(async (run) => {
  const attempt = run.env.attempt;
  const told = run.env.guidance ? ` after guidance: ${run.env.guidance.slice(0, 120)}${run.env.guidance.length > 120 ? "…" : ""}` : "";
  run.active(`attempt ${attempt}: looking for the car's plate number (task, guidance, car.txt)${told}`);
  const found = findPlate(run);
  const file = join(run.env.home, "permit.txt");
  if (found === undefined) {
    writeFileSync(file, form("(unknown)"));
    run.finish(`wrote permit.txt, but without the plate number: it is not in the task, the guidance or car.txt`);
    return;
  }
  writeFileSync(file, form(found.plate));
  run.finish(`wrote permit.txt with plate ${found.plate} (from ${found.where})`);
});
