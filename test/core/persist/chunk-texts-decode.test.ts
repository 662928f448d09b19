import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSnapshot, encodeSnapshot } from "../../../src/core/persist/snapshot-codec";
import { runAll } from "../../../src/core/shared/slices";
import { utf16Starts } from "../../../src/core/persist/utf16-starts";
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
  afterEach(() => vi.restoreAllMocks());

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

  it("are decoded in one call however many chunks there are, not one call per chunk", () => {
    const decode = vi.spyOn(TextDecoder.prototype, "decode");
    roundTrip(TEXTS.slice(0, 2));
    const few = decode.mock.calls.length;
    decode.mockClear();
    roundTrip([...TEXTS, ...TEXTS, ...TEXTS]);
    expect(decode.mock.calls.length).toBe(few);
  });

  it("finds each text's start in UTF-16 units from its UTF-8 length", () => {
    const texts = ["aé", "🍞b", "", "東"];
    const bytes = new TextEncoder().encode(texts.join(""));
    const lengths = texts.map((t) => new TextEncoder().encode(t).length);
    expect([...runAll(utf16Starts(bytes, lengths, texts.join("").length))]).toEqual([0, 2, 5, 5, 6]);
  });
});
