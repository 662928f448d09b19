import { contentHash } from "../shared/hash";

/**
 * Where a vault's index lives.
 * - `"vault"`: in the plugin's folder inside the vault (`<configDir>/plugins/hybrid-vault-search/`). Sync tools copy
 *   it with the notes, so other devices (a phone without Ollama) and the CLI/MCP server there use its vectors.
 * - `"device"`: outside the vault, in this device's per-user data folder (`deviceIndexDir`): nothing of the index is
 *   synced, and each device keeps its own. On mobile there is no such folder and the vault's is used.
 */
export type IndexLocation = "vault" | "device";

export const INDEX_LOCATIONS: readonly IndexLocation[] = ["vault", "device"];

export function isIndexLocation(x: unknown): x is IndexLocation {
  return x === "vault" || x === "device";
}

/** The folder under the per-user data folder that holds one folder per vault. */
export const DEVICE_INDEX_ROOT = "hybrid-vault-search/vaults";

/** What `deviceIndexDir` needs to know of the device; the hosts read it from Node (`process`, `os`, `fs.realpath`). */
export interface DeviceFacts {
  /** `process.platform`: "linux", "darwin", "win32", … */
  platform: string;
  /** The environment variables the per-user data folder is read from (XDG_DATA_HOME, LOCALAPPDATA). */
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home folder (`os.homedir()`); "" when unknown. */
  home: string;
}

/**
 * The per-user data folder of this platform, "/"-separated, or undefined when it can't be told (no home folder):
 * `$XDG_DATA_HOME` (when absolute) or `~/.local/share` on Linux and other Unix systems, `~/Library/Application
 * Support` on macOS, `%LOCALAPPDATA%` (else `~\AppData\Local`) on Windows. Local, not roaming: an index is rebuilt
 * per device, never copied by a roaming profile.
 */
export function userDataDir(facts: DeviceFacts): string | undefined {
  const home = slashes(facts.home);
  const env = (name: string) => {
    const v = facts.env[name]?.trim();
    return v ? slashes(v) : undefined;
  };
  if (facts.platform === "win32") {
    const local = env("LOCALAPPDATA");
    if (local && isAbsolute(local, true)) return local;
    return home ? `${home}/AppData/Local` : undefined;
  }
  if (facts.platform === "darwin") return home ? `${home}/Library/Application Support` : undefined;
  const xdg = env("XDG_DATA_HOME");
  if (xdg && isAbsolute(xdg, false)) return xdg;
  return home ? `${home}/.local/share` : undefined;
}

/**
 * The folder of one vault's index on this device: `<userDataDir>/hybrid-vault-search/vaults/<name>-<hash>`, where
 * `name` is the vault folder's name (made safe for every file system) and `hash` is 12 hex characters of the vault's
 * real path (case folded on Windows), so two vaults of the same name never share a folder and the plugin and the CLI,
 * given the same real path, find the same one. Undefined when the data folder can't be told.
 */
export function deviceIndexDir(facts: DeviceFacts, vaultRealPath: string): string | undefined {
  const base = userDataDir(facts);
  if (base === undefined) return undefined;
  const path = slashes(vaultRealPath);
  const key = facts.platform === "win32" ? path.toLowerCase() : path;
  return `${base}/${DEVICE_INDEX_ROOT}/${safeName(path)}-${contentHash(key).slice(0, 12)}`;
}

/** The last segment of `path`, with characters some file systems refuse replaced, at most 40 characters. */
function safeName(path: string): string {
  const last = path.split("/").filter((s) => s !== "").at(-1) ?? "";
  const safe = last
    .replace(/[^\p{L}\p{N} ._-]/gu, "_")
    .replace(/^[ .]+|[ .]+$/g, "")
    .slice(0, 40);
  return safe === "" ? "vault" : safe;
}

function slashes(p: string): string {
  return p.replace(/\\/g, "/").replace(/\/+$/, "");
}

function isAbsolute(p: string, windows: boolean): boolean {
  return windows ? /^[A-Za-z]:\//.test(p) || p.startsWith("//") : p.startsWith("/");
}
