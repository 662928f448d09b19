/** What a lock file says about its holder. */
export interface LockHolder {
  /** What holds it, e.g. "obsidian" or "cli watch". */
  app: string;
  /** Process id, when the holder could tell. */
  pid?: number;
  /** Host name, when the holder could tell. */
  host?: string;
  /** Random per holder, so a new process with a recycled pid is not taken for the old one. */
  token: string;
  /** When the holder took the lock, ms since the epoch. */
  startedAt: number;
  /** The holder's last sign of life, ms since the epoch. */
  heartbeatAt: number;
}

export function isLockHolder(v: unknown): v is LockHolder {
  if (typeof v !== "object" || v === null) return false;
  const h = v as Record<string, unknown>;
  return (
    typeof h.app === "string" &&
    typeof h.token === "string" &&
    typeof h.startedAt === "number" &&
    typeof h.heartbeatAt === "number" &&
    (h.pid === undefined || typeof h.pid === "number") &&
    (h.host === undefined || typeof h.host === "string")
  );
}

/** "the CLI (cli watch, pid 4242 on laptop)", for messages saying who writes the index. */
export function describeHolder(h: LockHolder | undefined): string {
  if (!h) return "another process";
  const where = [h.pid !== undefined ? `pid ${h.pid}` : "", h.host !== undefined ? `on ${h.host}` : ""].filter(Boolean).join(" ");
  return where === "" ? h.app : `${h.app} (${where})`;
}
