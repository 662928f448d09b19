import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { EmbeddingCache } from "../../src/core/ollama/embedding-cache";

/**
 * Embedding cache on disk for benchmarks, so a second run costs no embedding. Append-only records:
 * [u16 key length][key utf-8][u32 dims][dims × f32 LE]. A torn last record (killed run) is ignored.
 */
export class DiskEmbeddingCache implements EmbeddingCache {
  private readonly map = new Map<string, Float32Array>();
  private pending: Buffer[] = [];

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    const buf = readFileSync(file);
    let o = 0;
    while (o + 2 <= buf.length) {
      const klen = buf.readUInt16LE(o);
      if (o + 2 + klen + 4 > buf.length) break;
      const key = buf.toString("utf8", o + 2, o + 2 + klen);
      const dims = buf.readUInt32LE(o + 2 + klen);
      const start = o + 2 + klen + 4;
      if (start + dims * 4 > buf.length) break;
      const v = new Float32Array(dims);
      for (let i = 0; i < dims; i++) v[i] = buf.readFloatLE(start + i * 4);
      this.map.set(key, v);
      o = start + dims * 4;
    }
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): Float32Array | undefined {
    return this.map.get(key);
  }

  set(key: string, v: Float32Array): void {
    if (this.map.has(key)) return;
    this.map.set(key, v);
    const k = Buffer.from(key, "utf8");
    const rec = Buffer.alloc(2 + k.length + 4 + v.length * 4);
    rec.writeUInt16LE(k.length, 0);
    k.copy(rec, 2);
    rec.writeUInt32LE(v.length, 2 + k.length);
    for (let i = 0; i < v.length; i++) rec.writeFloatLE(v[i] ?? 0, 2 + k.length + 4 + i * 4);
    this.pending.push(rec);
    if (this.pending.length >= 256) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, Buffer.concat(this.pending));
    this.pending = [];
  }
}
