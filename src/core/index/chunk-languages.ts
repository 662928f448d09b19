import type { Analyzer } from "../text/analyzer";
import { ENGLISH, languageOf, type Language } from "../text/languages";
import type { ChunkedNote } from "../types";
import { noteFallbackLanguage } from "./chunk-fields";
import type { IndexedChunk } from "./index-types";
import type { ShardedMap } from "../shared/sharded-map";

/**
 * Which language each chunk is analysed in: the note's `lang` frontmatter when we stem that language, else the one
 * its function words point to, else (too few of them: a heading and a line) its whole note's, else the vault's
 * default. The choice is recorded per chunk (English, the common case,
 * by its absence) so that removing a chunk analyses it exactly as inserting it did.
 */
export class ChunkLanguages {
  /** Notes' `lang` frontmatter, for notes that have one. */
  private readonly ofNote = new Map<string, string>();
  /** Notes of several chunks without frontmatter language, and their language once a short chunk needed it. */
  private readonly wholeNotes = new Map<string, { note: ChunkedNote; judged?: { fallback: Language; lang: Language } }>();
  /** The last `peek`, for the `choose` that follows it. */
  private peeked: { entry: IndexedChunk; fallback: Language; lang: Language } | undefined;

  constructor(
    /** Chunk id → language code, shared with the BM25 component, which analyses each field in it. */
    readonly ofChunk: ShardedMap<string>,
    private readonly analyzer: Analyzer,
    private fallback: Language,
  ) {}

  /** A note goes in: its frontmatter language (if any) now decides for its chunks. */
  noteAdded(note: ChunkedNote): void {
    const { path } = note;
    if (note.meta.language !== undefined) this.ofNote.set(path, note.meta.language);
    else this.ofNote.delete(path);
    if (note.chunks.length > 1 && languageOf(note.meta.language) === undefined) this.wholeNotes.set(path, { note });
    else this.wholeNotes.delete(path);
  }

  noteRemoved(path: string): void {
    this.ofNote.delete(path);
    this.wholeNotes.delete(path);
  }

  chunkRemoved(id: string): void {
    this.ofChunk.delete(id);
  }

  /** Code of the language `entry` was indexed in. */
  recorded(id: string): string {
    return this.ofChunk.get(id) ?? ENGLISH.code;
  }

  /**
   * The language `choose` will record for `entry`, without recording it (see `ChunkTables.settleInsertSteps`): the
   * field analyser's code, undefined for English. `choose` of the same entry reuses this decision.
   */
  peek(entry: IndexedChunk): string | undefined {
    const lang = this.decide(entry, this.fallback);
    this.peeked = { entry, fallback: this.fallback, lang };
    return lang !== ENGLISH ? lang.code : undefined;
  }

  /** Decides and records the language of `entry` (its note must have been added); returns its code. */
  choose(entry: IndexedChunk): string {
    const peeked = this.peeked;
    this.peeked = undefined;
    const lang = peeked?.entry === entry && peeked.fallback === this.fallback ? peeked.lang : this.decide(entry, this.fallback);
    if (lang !== ENGLISH) this.ofChunk.set(entry.chunk.id, lang.code);
    else this.ofChunk.delete(entry.chunk.id);
    return lang.code;
  }

  /**
   * Makes `lang` the default, and calls `reanalyse` on just the chunks whose language that changes: chunks of notes
   * without a frontmatter language whose words can't be placed. `reanalyse` must remove the chunk in its recorded
   * language, then `choose` and insert. Yields every `perStep` chunks looked at; returns how many changed.
   */
  *setDefaultSteps(
    lang: Language,
    byPath: ReadonlyMap<string, readonly string[]>,
    entryOf: (id: string) => IndexedChunk | undefined,
    reanalyse: (entry: IndexedChunk) => void,
    perStep: number,
  ): Generator<void, number, void> {
    this.fallback = lang;
    let [seen, changed] = [0, 0];
    // Copies: the index may change between steps (a search can't, but the caller's caller might).
    for (const [path, ids] of [...byPath]) {
      if (languageOf(this.ofNote.get(path)) !== undefined) continue;
      for (const id of [...ids]) {
        if (++seen % perStep === 0) yield;
        const entry = entryOf(id);
        if (!entry || this.decide(entry, lang).code === this.recorded(id)) continue;
        reanalyse(entry);
        changed++;
      }
    }
    return changed;
  }

  private decide(entry: IndexedChunk, fallback: Language): Language {
    const path = entry.chunk.path;
    return languageOf(this.ofNote.get(path)) ?? this.analyzer.judge(entry.chunk.text, fallback) ?? this.wholeNote(path, fallback);
  }

  /** The language of a chunk's whole note, judged once (per default language) for its first chunk too short to tell. */
  private wholeNote(path: string, fallback: Language): Language {
    const held = this.wholeNotes.get(path);
    if (!held) return fallback;
    if (held.judged?.fallback !== fallback) held.judged = { fallback, lang: noteFallbackLanguage(this.analyzer, held.note, fallback) };
    return held.judged.lang;
  }
}
