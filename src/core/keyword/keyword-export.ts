import type { FieldPostings } from "./field-postings";
import { encodePostings } from "./postings-codec";
import { sameList } from "../shared/same-list";

/** What encoding the postings reads of the index at the time of a checkpoint. */
export interface KeywordExportSource {
  fields: Readonly<Record<string, FieldPostings>>;
  /** Chunk id → Orama's internal id. */
  internalIdOf: (id: string) => number | undefined;
  /** One more than the highest internal id. */
  internalIdCount: number;
  /** Whether a chunk is indexed now. */
  has: (id: string) => boolean;
  /** The text revision now; read again after encoding, which yields. */
  revision: () => number;
}

/**
 * Encodes the text fields' postings for saving, and keeps the last result: while only vectors arrive, every
 * checkpoint would otherwise encode the same postings again.
 */
export class KeywordExport {
  private last: { revision: number; ids: readonly string[]; bytes: Uint8Array } | undefined;

  /**
   * The postings with chunks numbered by their position in `ids`, which must list every indexed chunk once (the
   * caller checks the count). Undefined when an id is not indexed.
   */
  *steps(src: KeywordExportSource, ids: readonly string[]): Generator<void, Uint8Array | undefined, void> {
    const revision = src.revision();
    const last = this.last;
    if (last?.revision === revision && sameList(last.ids, ids)) return last.bytes;
    const ordinalOf = new Int32Array(src.internalIdCount + 1).fill(-1);
    for (const [ordinal, id] of ids.entries()) {
      const internalId = src.internalIdOf(id);
      if (internalId === undefined || !src.has(id)) return undefined;
      ordinalOf[internalId] = ordinal;
    }
    const bytes = yield* encodePostings(src.fields, ordinalOf, ids.length);
    // Encoding yields, so the index may have changed meanwhile; then the result is for no revision to reuse.
    if (bytes && revision === src.revision()) this.last = { revision, ids: [...ids], bytes };
    return bytes;
  }
}
