import { describe, expect, it } from "vitest";
import { Backoff, backoffMs } from "../../tools/backoff.js";

describe("backoff: doubled at each failure, capped", () => {
  it("backoffMs: first, then doubled, never past the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(500, 30_000, n))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it("Backoff: next() for each failure in a row, reset() after a success; upcoming says the next without taking it", () => {
    const b = new Backoff(100, 2000);
    expect(b.upcoming).toBe(100);
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([100, 200, 400, 800, 1600, 2000]);
    expect(b.upcoming).toBe(2000);
    b.reset();
    expect(b.next()).toBe(100);
  });
});
