import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { chronoEn } from "../../../tools/calendar/chrono-en.js";

describe("chrono-node/en: the English parser alone, loaded on first use", () => {
  it("reads times as the whole package's default (English) parser does", () => {
    const full = createRequire(import.meta.url)("chrono-node") as typeof import("chrono-node");
    const now = new Date("2026-11-22T10:00:00Z");
    for (const text of ["remind me at 5pm to call mom", "in 10 minutes", "tomorrow at 9", "set a timer for 10 minutes", "next friday morning"]) {
      const a = chronoEn().parse(text, now, { forwardDate: true })[0];
      const b = full.parse(text, now, { forwardDate: true })[0];
      expect(a?.text).toBe(b?.text);
      expect(a?.start.date().toISOString()).toBe(b?.start.date().toISOString());
    }
    expect(chronoEn()).toBe(chronoEn()); // loaded once
  });
});
