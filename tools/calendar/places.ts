/**
 * Which clock a place named in speech keeps ("what time is it in tokyo", "… in beijing", "…
 * in orlando florida"): the runtime's own time zones first (Asia/Tokyo names Tokyo), then a
 * short table of what people say that no zone is named after — big cities, countries with one
 * clock, the names of zones. A country with several clocks is said to have them, not guessed.
 */

/** A place's IANA time zone, or why there is none to give. */
export type PlaceClock = { zone: string; /** How to say where: "in Tokyo", "Pacific time", "UTC". */ where: string } | { several: true } | undefined;

const ALIASES: Readonly<Record<string, string>> = {
  // Zones by name.
  pacific: "America/Los_Angeles", "pacific time": "America/Los_Angeles", pst: "America/Los_Angeles", pdt: "America/Los_Angeles",
  mountain: "America/Denver", "mountain time": "America/Denver", mst: "America/Denver", mdt: "America/Denver",
  central: "America/Chicago", "central time": "America/Chicago", cst: "America/Chicago", cdt: "America/Chicago",
  eastern: "America/New_York", "eastern time": "America/New_York", est: "America/New_York", edt: "America/New_York",
  gmt: "Etc/GMT", utc: "Etc/UTC", greenwich: "Europe/London", bst: "Europe/London", cet: "Europe/Paris",
  // Cities no zone is named after.
  beijing: "Asia/Shanghai", "hong kong": "Asia/Hong_Kong", osaka: "Asia/Tokyo", kyoto: "Asia/Tokyo",
  delhi: "Asia/Kolkata", "new delhi": "Asia/Kolkata", mumbai: "Asia/Kolkata", bombay: "Asia/Kolkata", bangalore: "Asia/Kolkata", bengaluru: "Asia/Kolkata", chennai: "Asia/Kolkata", hyderabad: "Asia/Kolkata",
  "las vegas": "America/Los_Angeles", "san francisco": "America/Los_Angeles", seattle: "America/Los_Angeles", "san diego": "America/Los_Angeles", portland: "America/Los_Angeles", hollywood: "America/Los_Angeles",
  boston: "America/New_York", miami: "America/New_York", washington: "America/New_York", "washington dc": "America/New_York", atlanta: "America/New_York", philadelphia: "America/New_York", orlando: "America/New_York", "new jersey": "America/New_York", pittsburgh: "America/New_York", baltimore: "America/New_York", charlotte: "America/New_York",
  dallas: "America/Chicago", houston: "America/Chicago", austin: "America/Chicago", "san antonio": "America/Chicago", "new orleans": "America/Chicago", minneapolis: "America/Chicago", nashville: "America/Chicago",
  "salt lake city": "America/Denver", albuquerque: "America/Denver", montreal: "America/Toronto", ottawa: "America/Toronto", calgary: "America/Edmonton",
  barcelona: "Europe/Madrid", munich: "Europe/Berlin", frankfurt: "Europe/Berlin", hamburg: "Europe/Berlin", milan: "Europe/Rome", venice: "Europe/Rome", florence: "Europe/Rome", naples: "Europe/Rome",
  "st petersburg": "Europe/Moscow", "saint petersburg": "Europe/Moscow", manchester: "Europe/London", edinburgh: "Europe/London", glasgow: "Europe/London", birmingham: "Europe/London", liverpool: "Europe/London", cardiff: "Europe/London", belfast: "Europe/London",
  "rio de janeiro": "America/Sao_Paulo", rio: "America/Sao_Paulo", "cape town": "Africa/Johannesburg", "abu dhabi": "Asia/Dubai", mecca: "Asia/Riyadh", "tel aviv": "Asia/Jerusalem", "ho chi minh city": "Asia/Ho_Chi_Minh", hanoi: "Asia/Bangkok",
  // Countries, states and islands with one clock.
  japan: "Asia/Tokyo", china: "Asia/Shanghai", india: "Asia/Kolkata", "south korea": "Asia/Seoul", korea: "Asia/Seoul", singapore: "Asia/Singapore", thailand: "Asia/Bangkok", vietnam: "Asia/Ho_Chi_Minh", philippines: "Asia/Manila", taiwan: "Asia/Taipei", pakistan: "Asia/Karachi", bangladesh: "Asia/Dhaka", nepal: "Asia/Kathmandu", "sri lanka": "Asia/Colombo", malaysia: "Asia/Kuala_Lumpur",
  uk: "Europe/London", "united kingdom": "Europe/London", britain: "Europe/London", "great britain": "Europe/London", england: "Europe/London", scotland: "Europe/London", wales: "Europe/London", ireland: "Europe/Dublin",
  france: "Europe/Paris", germany: "Europe/Berlin", italy: "Europe/Rome", spain: "Europe/Madrid", portugal: "Europe/Lisbon", netherlands: "Europe/Amsterdam", holland: "Europe/Amsterdam", belgium: "Europe/Brussels", switzerland: "Europe/Zurich", austria: "Europe/Vienna",
  poland: "Europe/Warsaw", sweden: "Europe/Stockholm", norway: "Europe/Oslo", denmark: "Europe/Copenhagen", finland: "Europe/Helsinki", greece: "Europe/Athens", turkey: "Europe/Istanbul", ukraine: "Europe/Kyiv", "czech republic": "Europe/Prague", czechia: "Europe/Prague", hungary: "Europe/Budapest", romania: "Europe/Bucharest", iceland: "Atlantic/Reykjavik",
  egypt: "Africa/Cairo", "south africa": "Africa/Johannesburg", nigeria: "Africa/Lagos", kenya: "Africa/Nairobi", zimbabwe: "Africa/Harare", ghana: "Africa/Accra", ethiopia: "Africa/Addis_Ababa", morocco: "Africa/Casablanca", israel: "Asia/Jerusalem",
  uae: "Asia/Dubai", "united arab emirates": "Asia/Dubai", "saudi arabia": "Asia/Riyadh", qatar: "Asia/Qatar", iran: "Asia/Tehran", iraq: "Asia/Baghdad",
  "new zealand": "Pacific/Auckland", argentina: "America/Argentina/Buenos_Aires", colombia: "America/Bogota", peru: "America/Lima", chile: "America/Santiago", venezuela: "America/Caracas", cuba: "America/Havana", jamaica: "America/Jamaica",
  california: "America/Los_Angeles", nevada: "America/Los_Angeles", colorado: "America/Denver", arizona: "America/Phoenix", utah: "America/Denver", illinois: "America/Chicago", hawaii: "Pacific/Honolulu", alaska: "America/Anchorage", georgia: "America/New_York", "north carolina": "America/New_York", virginia: "America/New_York", ohio: "America/New_York", massachusetts: "America/New_York",
};

// Countries and states whose clocks differ across them: which one is meant cannot be known.
const SEVERAL = new Set(["us", "usa", "america", "united states", "the states", "canada", "russia", "australia", "brazil", "mexico", "indonesia", "texas", "florida", "kazakhstan", "mongolia", "the us"]);

let zoneByCity: Map<string, string> | undefined;

/** "tokyo" → Asia/Tokyo, by the last part of each zone the runtime knows ("New_York" → "new york"). */
function zonesByCity(): Map<string, string> {
  zoneByCity ??= new Map(Intl.supportedValuesOf("timeZone").map((zone) => [zone.slice(zone.lastIndexOf("/") + 1).replaceAll("_", " ").toLowerCase(), zone]));
  return zoneByCity;
}

/** The clock of a place as said ("tokyo japan", "the pacific standard timezone"): its longest known start wins. */
export function clockOf(place: string): PlaceClock {
  const words = place
    .toLowerCase()
    .replace(/[.,]/g, "")
    .replace(/^(?:the )?/, "")
    .replace(/\s+(?:standard |daylight )?(?:time ?zone|time)$/, (tail) => (/time$/.test(tail) ? " time" : ""))
    .split(/\s+/);
  for (let n = words.length; n > 0; n--) {
    const said = words.slice(0, n).join(" ");
    if (SEVERAL.has(said) || SEVERAL.has(`the ${said}`)) return { several: true };
    const zone = zonesByCity().get(said) ?? ALIASES[said] ?? ALIASES[said.replace(/ time$/, "")];
    if (zone !== undefined) return { zone, where: whereSaid(said) };
  }
  return undefined;
}

const ABBREVIATION = /^(?:gmt|utc|bst|cet|[pmce][sd]t)$/;
const ZONE_NAME = /^(?:pacific|mountain|central|eastern)(?: time)?$/;

function whereSaid(said: string): string {
  if (ABBREVIATION.test(said)) return said.toUpperCase();
  const titled = said.replace(/\b\w/g, (c) => c.toUpperCase());
  return ZONE_NAME.test(said) ? `${titled.replace(/ Time$/, "")} time` : `in ${titled}`;
}
