import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { RelatedWarmth } from "../../../src/core/session/related-warmth";
import type { ChunkedNote } from "../../../src/core/types";

const letters = (s: string): string => s.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));

/** A note of `chunks` chunks, every other one with a text many notes share. */
function note(path: string, chunks: number): ChunkedNote {
  return {
    path,
    meta: { title: path, aliases: [], tags: [], links: [] },
    chunks: Array.from({ length: chunks }, (_, ordinal) => ({
      id: `${path}#${ordinal}`,
      path,
      ordinal,
      headingPath: [path],
      // Digits don't tell texts apart (the count evens them out): letters do.
      text: ordinal % 2 === 0 ? "Shared footer" : `Own text ${letters(path)} ${letters(String(ordinal))}`,
      startLine: ordinal,
      endLine: ordinal,
      tokens: 3,
    })),
  };
}

/** An index of `notes` notes of 40 chunks each: 2,400 chunks at 60, more than a list counts itself, five slices. */
function indexOf(notes: number): ChunkIndex {
  const index = new ChunkIndex(0);
  for (let i = 0; i < notes; i++) index.addNote(note(`n${i}.md`, 40));
  return index;
}

describe("RelatedWarmth", () => {
  it("counts the chunks in slices, pausing between them, and then the index is ready", async () => {
    const index = indexOf(60);
    let pauses = 0;
    const warmth = new RelatedWarmth({ index: () => index, stopped: () => false, pause: async () => void pauses++ });
    expect(warmth.ready()).toBe(false);
    await warmth.warm();
    expect(warmth.ready()).toBe(true);
    expect(index.textShare.settled).toBe(true);
    expect(pauses).toBeGreaterThanOrEqual(4);
    // What the counting found: the shared footer is in every note, an own text in one.
    expect(index.textShare.notesSharing("n0.md#0")).toBe(60);
    expect(index.textShare.notesSharing("n0.md#1")).toBe(1);
  });

  it("runs one pass for calls made while it runs", async () => {
    const index = indexOf(60);
    let pauses = 0;
    const warmth = new RelatedWarmth({ index: () => index, stopped: () => false, pause: async () => void pauses++ });
    const first = warmth.warm();
    expect(warmth.warm()).toBe(first);
    await first;
    const alone = pauses;
    await Promise.all([warmth.warm(), warmth.warm()]);
    // Once counted, a pass has nothing left to count and pauses no more.
    expect(pauses).toBe(alone);
  });

  it("is ready with a few chunks left to count, which a list counts itself", () => {
    const index = indexOf(60);
    const warmth = new RelatedWarmth({ index: () => index, stopped: () => false, pause: async () => undefined });
    expect(warmth.ready()).toBe(false);
    index.textShare.notesSharing("n0.md#0");
    expect(warmth.ready()).toBe(true);
    // An edit adds a note's chunks, which wait to be counted: not enough to make a view say it is preparing.
    index.addNote(note("new.md", 40));
    expect(index.textShare.settled).toBe(false);
    expect(warmth.ready()).toBe(true);
  });

  it("gives up when the index is replaced or the session stops, and warms the new index when asked", async () => {
    const first = indexOf(60);
    const second = indexOf(60);
    let live = first;
    let pauses = 0;
    const warmth = new RelatedWarmth({
      index: () => live,
      stopped: () => false,
      pause: async () => {
        if (++pauses === 1) live = second;
      },
    });
    await warmth.warm();
    expect(first.textShare.settled).toBe(false);
    expect(warmth.ready()).toBe(false);
    await warmth.warm();
    expect(warmth.ready()).toBe(true);
    expect(second.textShare.settled).toBe(true);

    let stopped = false;
    const third = indexOf(60);
    const stopping = new RelatedWarmth({ index: () => third, stopped: () => stopped, pause: async () => void (stopped = true) });
    await stopping.warm();
    expect(third.textShare.settled).toBe(false);
  });
});
