import { err, ok, type Result } from "../result";
import { align4, corruptFile, readContainer, writeContainer, type SealedFile } from "./container";
import { isCount, isRecord } from "./json-guards";
import { fromColumns, isMetaColumns, toColumns } from "./meta-columns";
import { stringifySliced } from "./sliced-json";
import { SLICE_ITEMS, type Steps } from "../shared/slices";
import {
  SNAPSHOT_FORMAT_VERSION,
  type SnapshotToSave,
  type NoteRecord,
  type SnapshotHeader,
  type StoredChunk,
} from "./snapshot";
import { canonicalModelName } from "../ollama/model-name";

/**
 * The meta file: a JSON header (the snapshot header, the counts, and the checksum of the vectors file it was saved
 * with), then a body of: JSON length (u32) | columns JSON | padding to 4 | every chunk text as UTF-8, back to back
 * | padding to 4 | the keyword postings (`keywordBytes` in the header; absent from files saved before it existed,
 * which still load). Keeping texts out of the JSON avoids escaping and keeps every string far below V8's maximum
 * string length.
 */
export interface MetaFileContent {
  header: SnapshotHeader;
  /** Checksum of the vectors file saved together with this one; any other vectors file is not its pair. */
  vectorsChecksum: number;
  notes: NoteRecord[];
  chunks: StoredChunk[];
  /** The keyword postings section, when the file has one (a view into the file's bytes). */
  keywords?: Uint8Array;
}

export function* encodeMetaFile(s: SnapshotToSave, vectorsChecksum: number): Steps<SealedFile> {
  const encoder = new TextEncoder();
  // Measure each text by encoding it into a reused scratch buffer, then encode it again straight into the file:
  // cheaper, in time and in garbage, than keeping one small array per chunk until the file size is known.
  let scratch = new Uint8Array(1024);
  const textBytes: number[] = [];
  for (const c of s.chunks) {
    if (textBytes.length % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
    if (scratch.length < c.text.length * 3) scratch = new Uint8Array(c.text.length * 3);
    textBytes.push(encoder.encodeInto(c.text, scratch).written);
  }
  const json = yield* stringifySliced(yield* toColumns(s, textBytes));
  const textStart = 4 + align4(json.length);
  const textLength = textBytes.reduce((a, b) => a + b, 0);
  const keywordStart = align4(textStart + textLength);
  const keywordBytes = s.keywords?.length ?? 0;
  const { model, dims, chunkingHash, savedAt, exclusionsHash = "" } = s.header;
  const counts = { notes: s.notes.length, chunks: s.chunks.length };
  const header = { model, dims, chunkingHash, savedAt, exclusionsHash, ...counts, vectorsChecksum, keywordBytes };
  const bodyBytes = keywordBytes > 0 ? keywordStart + keywordBytes : textStart + textLength;
  return yield* writeContainer("meta", SNAPSHOT_FORMAT_VERSION, header, bodyBytes, function* (body) {
    new DataView(body.buffer, body.byteOffset, 4).setUint32(0, json.length, true);
    body.set(json, 4);
    let at = textStart;
    for (const [i, c] of s.chunks.entries()) {
      if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
      const end = at + (textBytes[i] ?? 0);
      const { read, written } = encoder.encodeInto(c.text, body.subarray(at, end));
      if (read !== c.text.length || at + written !== end) throw new Error(`chunk ${c.id} changed during the save`);
      at = end;
    }
    if (s.keywords) body.set(s.keywords, keywordStart);
  });
}

export function* decodeMetaFile(bytes: Uint8Array): Steps<Result<MetaFileContent>> {
  const opened = yield* readContainer(bytes, "meta", SNAPSHOT_FORMAT_VERSION);
  if (!opened.ok) return opened;
  const { header: h, body } = opened.value;
  if (
    !isRecord(h) ||
    typeof h.model !== "string" ||
    typeof h.chunkingHash !== "string" ||
    !isCount(h.dims) ||
    !isCount(h.notes) ||
    !isCount(h.chunks) ||
    typeof h.savedAt !== "number" ||
    typeof h.vectorsChecksum !== "number" ||
    !(h.keywordBytes === undefined || isCount(h.keywordBytes))
  ) {
    return err(corruptFile("meta file", "bad header"));
  }
  if (body.length < 4) return err(corruptFile("meta file", "no body"));
  const jsonLength = new DataView(body.buffer, body.byteOffset, 4).getUint32(0, true);
  const textStart = 4 + align4(jsonLength);
  if (textStart > body.length) return err(corruptFile("meta file", "columns run past the end"));
  let columns: unknown;
  const decoder = new TextDecoder();
  try {
    columns = JSON.parse(decoder.decode(body.subarray(4, 4 + jsonLength)));
  } catch {
    return err(corruptFile("meta file", "columns are not valid JSON"));
  }
  yield;
  if (!isMetaColumns(columns, h.notes, h.chunks)) {
    return err(corruptFile("meta file", "columns don't match the counts"));
  }
  yield;
  const starts: number[] = [];
  let end = textStart;
  for (const n of columns.chunks.textBytes) {
    starts.push(end);
    end += n;
  }
  const keywordBytes = h.keywordBytes ?? 0;
  const keywordStart = align4(end);
  const bodyEnd = keywordBytes > 0 ? keywordStart + keywordBytes : end;
  if (bodyEnd > body.length || body.length - bodyEnd > 3) return err(corruptFile("meta file", "sections don't fill the body"));
  // One decode per chunk, so each text is a string of its own: a slice of one decoded section would keep the whole
  // section alive for as long as any chunk of it lives (after edits too), and one non-Latin-1 character anywhere in
  // it would make every text of the section two bytes a character. `ignoreBOM`: a text may start with U+FEFF.
  const decodeText = new TextDecoder("utf-8", { ignoreBOM: true });
  const lengths = columns.chunks.textBytes;
  const records = yield* fromColumns(columns, (i) => decodeText.decode(body.subarray(starts[i], (starts[i] ?? 0) + (lengths[i] ?? 0))));
  const header: SnapshotHeader = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    // An index saved before names were made canonical may say "x:latest"; it is the same model as "x".
    model: canonicalModelName(h.model),
    dims: h.dims,
    chunkingHash: h.chunkingHash,
    savedAt: h.savedAt,
    ...(typeof h.exclusionsHash === "string" && h.exclusionsHash !== "" ? { exclusionsHash: h.exclusionsHash } : {}),
  };
  const keywords = keywordBytes > 0 ? body.subarray(keywordStart, bodyEnd) : undefined;
  return ok({ header, vectorsChecksum: h.vectorsChecksum, ...records, ...(keywords ? { keywords } : {}) });
}
