import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { decodeSnapshot, encodeSnapshot } from "../../../src/core/persist/snapshot-codec";
import { buildSnapshot, expectationsOf } from "./snapshot-fixtures";

/** Texts in several scripts, with characters of 1 to 4 UTF-8 bytes next to each other, a BOM and a lone surrogate. */
const TEXTS = [
  "\uFEFFA note that starts with a byte-order mark.",
  "Backups run nightly at 02:00.",
  "Сравнения резервных копий — ежемесячно.",
  "清水寺と伏見稲荷大社を訪れた。",
  "Sauerteig füttern 🍞 bei 26 °C; ἀρχή 𝔘𝔫𝔦.",
  "",
  "x",
  "broken \uD800 surrogate",
];

const roundTrip = (texts: readonly string[]) => {
  const s = buildSnapshot(texts.map((text, i) => ({ path: `n${i}.md`, chunks: [{ text }, { text: `${text} (2)` }] })));
  const encoded = encodeSnapshot(s);
  if (!encoded.ok) throw new Error(encoded.error.message);
  const back = decodeSnapshot(encoded.value.meta, encoded.value.vectors, expectationsOf(s));
  if (!back.ok) throw new Error(back.error.message);
  return { s, back: back.value };
};

describe("chunk texts of a meta file", () => {
  it("read back exactly in every script, a leading byte-order mark and a lone surrogate (as U+FFFD) included", () => {
    const { s, back } = roundTrip(TEXTS);
    const expected = s.chunks.map((c) => c.text.replace(/\uD800/g, "\uFFFD"));
    expect(back.chunks.map((c) => c.text)).toEqual(expected);
    expect(back.chunks.map((c) => ({ ...c, text: "" }))).toEqual(s.chunks.map((c) => ({ ...c, text: "" })));
  });

  it("read back exactly when every text is ASCII", () => {
    const { s, back } = roundTrip(["plain", "", "a much longer plain text of a chunk, long enough to be a slice"]);
    expect(back.chunks).toEqual(s.chunks);
  });

  it("are strings of their own: one kept text keeps no other alive, and a non-Latin-1 text doesn't widen the rest", () => {
    // A full collection is the only way to see what a string keeps alive; --expose-gc, set at run time.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const heapAfterGc = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const count = 200;
    const size = 100_000;
    const before = heapAfterGc();
    let kept = ((): string[] => {
      const texts = Array.from({ length: count }, (_, i) => `${i} `.padEnd(size, "x"));
      const { back } = roundTrip([...texts, "Сравнения резервных копий — ежемесячно."]);
      return back.chunks.map((c) => c.text);
    })();
    const all = heapAfterGc() - before;
    // ASCII texts take a byte a character, as they would if each were read alone.
    expect(all).toBeLessThan(count * size * 2 * 1.4);
    kept = kept.slice(0, 1);
    const one = heapAfterGc() - before;
    expect(kept[0]?.length).toBe(size);
    // What one 100 kB text keeps alive is about itself, not the 40 MB of texts it was saved with.
    expect(one).toBeLessThan(size * 20);
  });
});
