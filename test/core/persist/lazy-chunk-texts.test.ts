import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSnapshot, encodeSnapshot } from "../../../src/core/persist/snapshot-codec";
import { buildSnapshot, expectationsOf } from "./snapshot-fixtures";

/** Texts in several scripts, with characters of 1 to 4 UTF-8 bytes next to each other. */
const TEXTS = [
  "Backups run nightly at 02:00.",
  "Сравнения резервных копий — ежемесячно.",
  "清水寺と伏見稲荷大社を訪れた。",
  "Sauerteig füttern 🍞 bei 26 °C; ἀρχή.",
  "",
];

describe("chunk texts of a decoded meta file", () => {
  afterEach(() => vi.restoreAllMocks());

  const saved = () => {
    const s = buildSnapshot(TEXTS.map((text, i) => ({ path: `n${i}.md`, chunks: [{ text }, { text: `${text} (2)` }] })));
    const encoded = encodeSnapshot(s);
    if (!encoded.ok) throw new Error(encoded.error.message);
    return { s, encoded: encoded.value };
  };

  it("are decoded when first read, not when the file is opened, and read back exactly in every script", () => {
    const { s, encoded } = saved();
    const decode = vi.spyOn(TextDecoder.prototype, "decode");
    const back = decodeSnapshot(encoded.meta, encoded.vectors, expectationsOf(s));
    if (!back.ok) throw new Error(back.error.message);
    // Opening reads the columns; no chunk's text is decoded until something asks for it.
    const opened = decode.mock.calls.length;
    expect(opened).toBeLessThan(s.chunks.length);
    expect(back.value.chunks.map((c) => c.text)).toEqual(s.chunks.map((c) => c.text));
    expect(decode.mock.calls.length).toBe(opened + s.chunks.length);
    // A text read again is not decoded again.
    expect(back.value.chunks.map((c) => c.text)).toEqual(s.chunks.map((c) => c.text));
    expect(decode.mock.calls.length).toBe(opened + s.chunks.length);
  });

  it("travel with the chunk when it is copied, spread or written as JSON", () => {
    const { s, encoded } = saved();
    const back = decodeSnapshot(encoded.meta, encoded.vectors, expectationsOf(s));
    if (!back.ok) throw new Error(back.error.message);
    const chunk = back.value.chunks[3];
    expect({ ...chunk }.text).toBe(s.chunks[3]?.text);
    expect((JSON.parse(JSON.stringify(chunk)) as { text: string }).text).toBe(s.chunks[3]?.text);
    expect(structuredClone(chunk)?.text).toBe(s.chunks[3]?.text);
    expect(back.value.chunks).toEqual(s.chunks);
  });
});
