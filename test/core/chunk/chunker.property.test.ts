import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveChunkOptions } from "../../../src/core/chunk/chunk-options";
import { chunkNote } from "../../../src/core/chunk/chunker";
import type { ChunkedNote } from "../../../src/core/types";
import { estimateTokens } from "../../../src/core/text/token-estimate";
import { HIDDEN_WORDS, noteArb } from "./markdown-arbitraries";

/** Runs per property: enough to meet rare shapes (a block that only fits once the overlap shrinks). */
const runs = { numRuns: 300 };

const optionsArb = fc.record({
  maxTokens: fc.oneof(fc.integer({ min: 16, max: 80 }), fc.integer({ min: 16, max: 400 })),
  overlapRatio: fc.double({ min: 0, max: 0.5, noNaN: true }),
});

const covering = (note: ChunkedNote, line: number) =>
  note.chunks.filter((c) => c.startLine <= line && line <= c.endLine);

describe("chunkNote properties", () => {
  it("puts every content line inside some chunk, with its words in that chunk's text", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const note = chunkNote("gen.md", gen.markdown, options);
        gen.lines.forEach((l, i) => {
          if (!l.content) return;
          const chunks = covering(note, i);
          expect(chunks.length, `line ${i}: ${l.text}`).toBeGreaterThan(0);
          const marker = gen.markers.get(i);
          if (marker !== undefined) {
            expect(chunks.some((c) => c.text.split(/[\s|]+/).includes(marker)), `${marker} in a covering chunk`).toBe(true);
          }
        });
      }),
      runs,
    );
  });

  it("never exceeds the maximum, and keeps a fence that fits whole in one chunk", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const { maxTokens } = resolveChunkOptions(options);
        const note = chunkNote("gen.md", gen.markdown, options);
        for (const c of note.chunks) expect(c.tokens).toBeLessThanOrEqual(maxTokens);
        for (const f of gen.fences) {
          if (f.code === "" || estimateTokens(f.code) > maxTokens) continue;
          const whole = note.chunks.filter((c) => c.startLine <= f.start && f.end <= c.endLine && c.text.includes(f.code));
          expect(whole.length, `fence at ${f.start}-${f.end}`).toBeGreaterThan(0);
        }
      }),
      runs,
    );
  });

  it("splits a fence too big for one chunk into chunks that each hold whole code lines", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const { maxTokens } = resolveChunkOptions(options);
        const note = chunkNote("gen.md", gen.markdown, options);
        for (const f of gen.fences) {
          if (estimateTokens(f.code) <= maxTokens) continue;
          const parts = note.chunks.filter((c) => c.startLine <= f.end && f.start <= c.endLine);
          expect(parts.length).toBeGreaterThan(1);
        }
      }),
      runs,
    );
  });

  it("keeps comments, embeds and frontmatter out of chunk text", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const note = chunkNote("gen.md", gen.markdown, options);
        for (const c of note.chunks) for (const w of HIDDEN_WORDS) expect(c.text).not.toContain(w);
      }),
      runs,
    );
  });

  it("gives well-formed chunks: ordered ids, title first in the path, ranges inside the file, no overlap across headings", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const note = chunkNote("gen.md", gen.markdown, options);
        expect(note.chunks.length).toBeGreaterThan(0);
        note.chunks.forEach((c, i) => {
          expect(c.id).toBe(`gen.md#${i}`);
          expect(c.ordinal).toBe(i);
          expect(c.headingPath[0]).toBe(note.meta.title);
          expect(c.text.trim()).not.toBe("");
          expect(c.tokens).toBe(estimateTokens(c.text));
          expect(c.startLine).toBeGreaterThanOrEqual(0);
          expect(c.endLine).toBeGreaterThanOrEqual(c.startLine);
          expect(c.endLine).toBeLessThan(gen.markdown.split("\n").length);
          const prev = note.chunks[i - 1];
          if (prev === undefined) return;
          expect(c.startLine).toBeGreaterThanOrEqual(prev.startLine);
          if (JSON.stringify(prev.headingPath) !== JSON.stringify(c.headingPath)) {
            expect(c.startLine).toBeGreaterThan(prev.endLine);
          }
        });
      }),
      runs,
    );
  });

  it("is deterministic and independent of the line-ending style", () => {
    fc.assert(
      fc.property(noteArb, optionsArb, (gen, options) => {
        const once = chunkNote("gen.md", gen.markdown, options);
        expect(chunkNote("gen.md", gen.markdown, options)).toEqual(once);
        expect(chunkNote("gen.md", gen.markdown.replace(/\n/g, "\r\n"), options)).toEqual(once);
      }),
      runs,
    );
  });
});
