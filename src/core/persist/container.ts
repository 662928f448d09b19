import { err, ok, type AppError, type Result } from "../result";
import { checksumSteps } from "../shared/checksum";
import type { Steps } from "../shared/slices";
import { failure } from "../errors/messages";

/**
 * The framing shared by both index files, stable across format versions so that any version can be recognised:
 *
 *   magic (4 ASCII bytes) | version (u32) | header length H (u32) | header JSON (H bytes, space-padded to 4)
 *   | body (zero-padded to 4) | checksum32 of everything before it (u32)
 *
 * All integers are little-endian. Everything is 4-byte aligned, so a body of Float32 rows can be viewed in place.
 */
export type ContainerKind = "meta" | "vectors" | "manifest";

const MAGIC: Record<ContainerKind, string> = { meta: "HVSM", vectors: "HVSV", manifest: "HVSI" };
const PREFIX = 12;
const MIN_LENGTH = PREFIX + 4;

/** A complete file, ready to write, and its checksum (the meta file quotes the vectors file's one to pair them). */
export interface SealedFile {
  bytes: Uint8Array;
  checksum: number;
}

/** A file whose framing and checksum were verified; `body` is a view into the input, including its padding. */
export interface OpenedFile {
  header: unknown;
  body: Uint8Array;
  checksum: number;
}

/** Lays out a file with a body of `bodyBytes`, lets `fill` write the body in place, then seals it. */
export function* writeContainer(
  kind: ContainerKind,
  version: number,
  header: object,
  bodyBytes: number,
  fill: (body: Uint8Array) => Steps<void>,
): Steps<SealedFile> {
  const headerJson = new TextEncoder().encode(JSON.stringify(header));
  const headerLength = align4(headerJson.length);
  const total = PREFIX + headerLength + align4(bodyBytes) + 4;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC[kind].charCodeAt(i);
  view.setUint32(4, version, true);
  view.setUint32(8, headerLength, true);
  bytes.set(headerJson, PREFIX);
  bytes.fill(0x20, PREFIX + headerJson.length, PREFIX + headerLength);
  yield* fill(bytes.subarray(PREFIX + headerLength, PREFIX + headerLength + bodyBytes));
  const checksum = yield* checksumSteps(bytes.subarray(0, total - 4));
  view.setUint32(total - 4, checksum, true);
  return { bytes, checksum };
}

/**
 * Verifies the framing and the checksum before anything else is trusted. A file of another version that is intact
 * is a mismatch (the plugin changed); anything else that fails is corrupt.
 */
export function* readContainer(
  bytes: Uint8Array,
  kind: ContainerKind,
  version: number,
  /** Reads the header JSON's bytes (it may leave out what its caller won't use); throws when they are not JSON. Default: all of it. */
  parseHeader: (json: Uint8Array) => unknown = parseJson,
): Steps<Result<OpenedFile>> {
  const label = `${kind} file`;
  if (bytes.length < MIN_LENGTH) return err(corruptFile(label, `only ${bytes.length} bytes`));
  for (let i = 0; i < 4; i++) {
    if (bytes[i] !== MAGIC[kind].charCodeAt(i)) return err(corruptFile(label, "not an index file of this kind"));
  }
  if (bytes.length % 4 !== 0) return err(corruptFile(label, `length ${bytes.length} is not a multiple of 4`));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const checksum = yield* checksumSteps(bytes.subarray(0, bytes.length - 4));
  if (checksum !== view.getUint32(bytes.length - 4, true)) return err(corruptFile(label, "checksum mismatch"));
  const fileVersion = view.getUint32(4, true);
  if (fileVersion !== version) return err(formatChanged(fileVersion, version));
  const headerLength = view.getUint32(8, true);
  if (headerLength % 4 !== 0 || headerLength > bytes.length - MIN_LENGTH) {
    return err(corruptFile(label, "header length out of range"));
  }
  const headerEnd = PREFIX + headerLength;
  let header: unknown;
  try {
    header = parseHeader(bytes.subarray(PREFIX, headerEnd));
  } catch {
    return err(corruptFile(label, "header is not valid JSON"));
  }
  return ok({ header, body: bytes.subarray(headerEnd, bytes.length - 4), checksum });
}

/** UTF-8 bytes of JSON, parsed whole. */
export function parseJson(json: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(json));
}

/** The one error for any damaged, truncated or inconsistent index file; `cause` says what exactly, for the log. */
export function corruptFile(label: string, reason: string): AppError {
  return failure("indexCorrupt", `${label}: ${reason}`);
}

function formatChanged(found: number, expected: number): AppError {
  return failure("indexFormatChanged", `format version ${found}, this plugin uses ${expected}`);
}

/** Rounds up to a multiple of 4 (arithmetic, not bit masks: bodies can exceed 2 GiB at large vaults). */
export function align4(n: number): number {
  return Math.ceil(n / 4) * 4;
}
