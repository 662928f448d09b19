import { ok, type Result } from "../../result";
import type { FileStore } from "../file-store";

/** Name of the request file, next to the writer lock in the index folder. */
export const WRITER_REQUEST_FILE = "writer.request";

/** How often a requester rewrites its request, ms. */
export const REQUEST_REFRESH_MS = 2_000;
/** A request not rewritten for this long (on the reader's own clock) is from a requester that went away, ms. */
export const REQUEST_STALE_MS = 10_000;

/** What the request file says. */
export interface WriterRequest {
  /** Who asks, e.g. "obsidian". */
  app: string;
  /** Random per requester. */
  token: string;
  /** Counts the requester's refreshes: a request that stops changing is stale. */
  seq: number;
}

/*
 * The writer hand-over, for a process with priority (the plugin) and a CLI writer (`watch`, `mcp --watch`):
 *
 * 1. The plugin finds the lock held by a CLI process. It writes `writer.request` (written aside and renamed
 *    over) and rewrites it every `REQUEST_REFRESH_MS` with a new `seq`, trying to take the lock each time.
 * 2. The CLI writer looks for a live request on every poll (about once a second). It stops its work, saves,
 *    gives the lock up (the lock file goes) and goes on as a reader, serving searches from the plugin's saves.
 * 3. The plugin takes the free lock and removes its request.
 * 4. While a live request stands, no CLI process takes the lock, so a second `--watch` server never slips in.
 *
 * Crash safety: a request counts only while it keeps changing, judged on the reader's own clock (so clock skew
 * between hosts doesn't matter). A requester that died leaves a file that stops changing: after
 * `REQUEST_STALE_MS` it is ignored and removed, and the CLI may take the lock again. A CLI writer that dies
 * mid-hand-over leaves a lock with a pid that is gone (or a heartbeat that stops), taken over as usual.
 */

/** The requester's side: asks for the lock, and withdraws once it holds it or gives up. */
export class WriterRequester {
  private readonly path: string;
  private seq = 0;
  private asked = false;

  constructor(
    private readonly store: FileStore,
    dataDir: string,
    private readonly me: { app: string; token: string },
  ) {
    this.path = requestPath(dataDir);
  }

  /** Writes (or refreshes) the request. */
  async ask(): Promise<Result<void>> {
    this.asked = true;
    const request: WriterRequest = { ...this.me, seq: ++this.seq };
    const temp = `${this.path}.${this.me.token}.tmp`;
    const written = await this.store.write(temp, new TextEncoder().encode(`${JSON.stringify(request)}\n`));
    if (!written.ok) return written;
    return this.store.rename(temp, this.path);
  }

  /** Removes the request, if it is still ours. */
  async withdraw(): Promise<Result<void>> {
    if (!this.asked) return ok(undefined);
    this.asked = false;
    const found = await readRequest(this.store, this.path);
    if (!found.ok || found.value?.token !== this.me.token) return ok(undefined);
    return this.store.remove(this.path);
  }
}

/** The writer's (and the candidates') side: is somebody asking for the lock right now? */
export class WriterRequestWatch {
  private readonly path: string;
  private seen: { key: string; since: number } | undefined;

  constructor(
    private readonly store: FileStore,
    dataDir: string,
    private readonly clock: () => number = Date.now,
    private readonly staleMs = REQUEST_STALE_MS,
  ) {
    this.path = requestPath(dataDir);
  }

  /** The live request, if any; a stale one is removed and ignored. Never throws; an IO error reads as none. */
  async pending(): Promise<WriterRequest | undefined> {
    const found = await readRequest(this.store, this.path);
    if (!found.ok || found.value === undefined) {
      this.seen = undefined;
      return undefined;
    }
    const request = found.value;
    const now = this.clock();
    // An unreadable file asks for nothing; left as it is, it is removed like a stale request.
    const key = request === null ? "unreadable" : `${request.token}#${request.seq}`;
    if (this.seen?.key !== key) this.seen = { key, since: now };
    if (now - this.seen.since < this.staleMs) return request ?? undefined;
    this.seen = undefined;
    await this.store.remove(this.path);
    return undefined;
  }
}

function requestPath(dataDir: string): string {
  return dataDir === "" ? WRITER_REQUEST_FILE : `${dataDir.replace(/\/+$/, "")}/${WRITER_REQUEST_FILE}`;
}

/** The request in the file; undefined when there is none, null when it can't be read as one. */
async function readRequest(store: FileStore, path: string): Promise<Result<WriterRequest | null | undefined>> {
  const read = await store.read(path);
  if (!read.ok) return read;
  if (read.value === null) return ok(undefined);
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(read.value));
    const r = v as Partial<WriterRequest> | null;
    const valid = typeof r === "object" && r !== null && typeof r.app === "string" && typeof r.token === "string" && typeof r.seq === "number";
    return ok(valid ? (r as WriterRequest) : null);
  } catch {
    return ok(null);
  }
}
