import { describe, expect, it } from "vitest";
import { parseHeaderWithoutHashes } from "../../../src/core/persist/vectors-file";

const bytes = (header: object | string): Uint8Array => new TextEncoder().encode(typeof header === "string" ? header : JSON.stringify(header));

describe("parseHeaderWithoutHashes", () => {
  it("reads every field but the rows' hashes, which come back as an empty list", () => {
    const header = { model: "m", dims: 768, rows: 3, hashes: ["a1", "", "b2"], precision: "int8" };
    expect(parseHeaderWithoutHashes(bytes(header))).toEqual({ ...header, hashes: [] });
    const last = { model: "m", dims: 4, rows: 1, hashes: ["c3"] };
    expect(parseHeaderWithoutHashes(bytes(`${JSON.stringify(last)}   `))).toEqual({ ...last, hashes: [] });
  });

  it("reads the whole header when the list can't be cut out cleanly", () => {
    const odd = { model: 'x"hashes":[', dims: 4, rows: 2, hashes: ["a]b", "c"], precision: "int8" };
    expect(parseHeaderWithoutHashes(bytes(odd))).toEqual(odd);
    const none = { model: "m", dims: 4, rows: 0 };
    expect(parseHeaderWithoutHashes(bytes(none))).toEqual(none);
    expect(() => parseHeaderWithoutHashes(bytes("{not json"))).toThrow();
  });
});
