/**
 * Unsigned LEB128 integers and length-prefixed strings, for sections of the index files made of many small counts
 * (keyword postings): most of them fit in one or two bytes, against four for a fixed-width integer.
 */
export class ByteWriter {
  private buf: Uint8Array;
  private at = 0;
  private readonly encoder = new TextEncoder();

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(Math.max(16, capacity));
  }

  get length(): number {
    return this.at;
  }

  /** Appends a whole number in 0 .. 2^53 − 1. */
  uint(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a count: ${n}`);
    this.reserve(8);
    let v = n;
    while (v >= 0x80) {
      this.buf[this.at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.at++] = v;
  }

  /** Appends a string as its UTF-8 byte length and bytes. */
  string(s: string): void {
    const utf8 = this.encoder.encode(s);
    this.uint(utf8.length);
    this.reserve(utf8.length);
    this.buf.set(utf8, this.at);
    this.at += utf8.length;
  }

  /** Appends raw bytes as they are (no length). */
  bytes(data: Uint8Array): void {
    this.reserve(data.length);
    this.buf.set(data, this.at);
    this.at += data.length;
  }

  /** The bytes written so far (a view; copy it before writing more if it must stay unchanged). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }

  private reserve(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }
}

/** Thrown by `ByteReader` on bytes that can't be what a `ByteWriter` wrote; decoders turn it into a value. */
export class MalformedBytes extends Error {}

/** Reads what a `ByteWriter` wrote, refusing anything out of bounds. */
/** Strings up to this many bytes are tried as ASCII first (see `ByteReader.shortString`). */
const SHORT_STRING = 32;

export class ByteReader {
  private at = 0;
  private readonly decoder = new TextDecoder();

  constructor(private readonly bytes: Uint8Array) {}

  /** True when every byte was read. */
  get done(): boolean {
    return this.at === this.bytes.length;
  }

  /** Bytes read so far: a reader made on `bytes.subarray(offset)` goes on from here. */
  get offset(): number {
    return this.at;
  }

  /** Steps over `k` numbers as `uint` would read them, without working out their values. */
  skipUints(k: number): void {
    this.at = skipped(this.bytes, this.at, k);
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.bytes[this.at++];
      if (b === undefined) throw new MalformedBytes("runs past the end");
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
      if (scale > Number.MAX_SAFE_INTEGER) throw new MalformedBytes("number too large");
    }
  }

  /** A count that must not exceed `max`. */
  count(max: number): number {
    const n = this.uint();
    if (n > max) throw new MalformedBytes(`count ${n} above ${max}`);
    return n;
  }

  /**
   * `n` pairs of numbers as `uint` reads them, the first of each at most `maxFirst` (as `count`), into
   * `firsts[into…into+n)` and `seconds[into…into+n)`: a field's postings, read in one loop over the bytes (a load
   * reads millions).
   */
  uintPairs(n: number, maxFirst: number, firsts: Int32Array, seconds: Int32Array, into = 0): void {
    const bytes = this.bytes;
    const end = bytes.length;
    let at = this.at;
    const stop = into + n;
    for (let k = into; k < stop; k++) {
      // Most numbers fit one byte; longer ones go the general way.
      let b = at < end ? bytes[at]! : 0x80;
      let first: number;
      if (b < 0x80) {
        first = b;
        at++;
      } else {
        this.at = at;
        first = this.uint();
        at = this.at;
      }
      if (first > maxFirst) throw new MalformedBytes(`count ${first} above ${maxFirst}`);
      firsts[k] = first;
      b = at < end ? bytes[at]! : 0x80;
      if (b < 0x80) {
        seconds[k] = b;
        at++;
      } else {
        this.at = at;
        seconds[k] = this.uint();
        at = this.at;
      }
    }
    this.at = at;
  }

  /**
   * Steps over `n` pairs as `uintPairs` reads them (the same checks), and returns how many have a first number `f`
   * with `keep[f] ≥ 0`: a list's postings kept when some of its documents are left out, counted without storing them.
   */
  countKept(n: number, maxFirst: number, keep: Int32Array): number {
    const counted = countKept(this.bytes, this.at, n, maxFirst, keep);
    this.at = counted.at;
    return counted.kept;
  }

  string(): string {
    const n = this.count(this.bytes.length - this.at);
    const s = n <= SHORT_STRING ? this.shortString(n) : this.decoder.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }

  /**
   * A short string made from its bytes directly when they are all ASCII (what UTF-8 decoding gives them too): the
   * hundreds of thousands of index terms a load reads are mostly short and ASCII, and a TextDecoder call per term
   * cost more than the rest of reading them.
   */
  private shortString(n: number): string {
    const bytes = this.bytes;
    const at = this.at;
    // One array per length, reused: the string is made in one call, not a character at a time (which made a new
    // string per character, all garbage but the last).
    const codes = (SHORT_CODES[n] ??= new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      const b = bytes[at + i]!;
      if (b >= 0x80) return this.decoder.decode(bytes.subarray(at, at + n));
      codes[i] = b;
    }
    return String.fromCharCode.apply(null, codes);
  }
}

// The loops over many numbers are plain functions that take the offset and give it back, and the reader's methods
// only store it: a loop long enough on its first call is compiled on the spot (OSR), before the store after it ever
// ran; that compiled loop is entered again on every later call, and leaving it at a store it knows nothing of threw
// it back to the interpreter each time (3,000 times in a 10,000-note load, for `skipUints`).

/** Where `k` numbers from byte `at` on end (see `ByteReader.skipUints`). */
function skipped(bytes: Uint8Array, at: number, k: number): number {
  const end = bytes.length;
  let left = k;
  while (left > 0) {
    if (at >= end) throw new MalformedBytes("runs past the end");
    if (bytes[at++]! < 0x80) left--;
  }
  return at;
}

/** One number at `at` as `ByteReader.uint` reads it (the general way, for a number of more than one byte). */
function longUint(bytes: Uint8Array, at: number): { value: number; at: number } {
  let value = 0;
  let scale = 1;
  for (;;) {
    const b = bytes[at++];
    if (b === undefined) throw new MalformedBytes("runs past the end");
    value += (b & 0x7f) * scale;
    if (b < 0x80) return { value, at };
    scale *= 0x80;
    if (scale > Number.MAX_SAFE_INTEGER) throw new MalformedBytes("number too large");
  }
}

/** See `ByteReader.countKept`; gives the count and where the pairs end. */
function countKept(bytes: Uint8Array, at: number, n: number, maxFirst: number, keep: Int32Array): { kept: number; at: number } {
  const end = bytes.length;
  let kept = 0;
  for (let k = 0; k < n; k++) {
    let first = at < end ? bytes[at]! : 0x80;
    if (first < 0x80) at++;
    else {
      const read = longUint(bytes, at);
      first = read.value;
      at = read.at;
    }
    if (first > maxFirst) throw new MalformedBytes(`count ${first} above ${maxFirst}`);
    if (keep[first]! >= 0) kept++;
    if (at < end && bytes[at]! < 0x80) at++;
    else at = longUint(bytes, at).at;
  }
  return { kept, at };
}

/** `ByteReader.shortString`'s arrays of character codes, by length. */
const SHORT_CODES: number[][] = [];
