// Which clock a place named in speech keeps (tools/calendar/places.ts).
import { describe, expect, it } from "vitest";
import { clockOf } from "../../../tools/calendar/places.js";

describe("a place's clock", () => {
  it("finds a city by the runtime's zones, or by what people call it, from the longest known start", () => {
    expect(clockOf("tokyo")).toEqual({ zone: "Asia/Tokyo", where: "in Tokyo" });
    expect(clockOf("new york")).toEqual({ zone: "America/New_York", where: "in New York" });
    expect(clockOf("tokyo japan")).toEqual({ zone: "Asia/Tokyo", where: "in Tokyo" });
    expect(clockOf("beijing")).toEqual({ zone: "Asia/Shanghai", where: "in Beijing" });
    expect(clockOf("orlando florida")).toEqual({ zone: "America/New_York", where: "in Orlando" });
    expect(clockOf("the pacific standard timezone")).toEqual({ zone: "America/Los_Angeles", where: "Pacific time" });
    expect(clockOf("utc")).toEqual({ zone: "Etc/UTC", where: "UTC" });
  });

  it("says a country with several clocks has them, and knows nothing of a place it cannot find", () => {
    expect(clockOf("russia")).toEqual({ several: true });
    expect(clockOf("the us")).toEqual({ several: true });
    expect(clockOf("narnia")).toBeUndefined();
  });

  it("every zone in its table is one the runtime can show", () => {
    for (const place of ["india", "ukraine", "zimbabwe", "argentina", "hawaii", "iceland", "calgary", "cape town", "ho chi minh city", "gmt", "cet"]) {
      const clock = clockOf(place);
      expect(clock !== undefined && "zone" in clock, place).toBe(true);
      if (clock !== undefined && "zone" in clock) expect(() => new Date().toLocaleTimeString("en-GB", { timeZone: clock.zone }), place).not.toThrow();
    }
  });
});
