import { FileSystemAdapter, Platform, type DataAdapter } from "obsidian";
import { FsFileStore, type StoreFs } from "../core/persist/fs-file-store";
import { deviceIndexDir, type IndexLocation } from "../core/persist/index-location";
import { settleIndexPlace, type IndexPlace } from "../core/persist/index-place";
import { VaultFileStore } from "./vault-file-store";

/** What the desktop app's Node gives: `fsPromises` (carried by the adapter) and the process's environment. */
type CarriedFs = StoreFs & { realpath(path: string): Promise<string> };

/** The environment the per-user data folder is read from; the desktop app's renderer has Node's `process.env`. */
export type DeviceEnv = Readonly<Record<string, string | undefined>>;

/**
 * This device's folder for the vault's index, outside the vault (see `deviceIndexDir`: the same folder the CLI finds
 * from the vault's path), with a `FileStore` over the Node `fsPromises` Obsidian's desktop adapter carries, since the
 * vault adapter only reaches inside the vault. Undefined on mobile, where there is no Node and the app's storage is
 * the vault's (the index then stays in the vault), and if a later Obsidian stops carrying the module.
 */
export async function deviceIndexPlace(adapter: DataAdapter, env: DeviceEnv | undefined = processEnv()): Promise<IndexPlace | undefined> {
  if (!Platform.isDesktopApp || !(adapter instanceof FileSystemAdapter) || !env) return undefined;
  const carried = (adapter as unknown as { fsPromises?: Partial<CarriedFs> }).fsPromises;
  const needed = ["realpath", "readFile", "writeFile", "mkdir", "rename", "rm", "readdir"] as const;
  if (!carried || !needed.every((k) => typeof carried[k] === "function")) return undefined;
  const fs = carried as CarriedFs;
  const base = adapter.getBasePath();
  const real = await fs.realpath(base).catch(() => base);
  const platform = Platform.isWin ? "win32" : Platform.isMacOS ? "darwin" : "linux";
  const dir = deviceIndexDir({ platform, env, home: env.HOME ?? env.USERPROFILE ?? "" }, real);
  return dir === undefined ? undefined : { store: new FsFileStore(fs), dir };
}

function processEnv(): DeviceEnv | undefined {
  return (window as unknown as { process?: { env?: DeviceEnv } }).process?.env;
}

/**
 * Where the plugin opens the index: the plugin's folder in the vault (through the vault adapter), or this device's
 * folder when the "Index location" setting asks for it and the device has one. The index is copied over from the
 * other location first when the setting changed since the last start (`settleIndexPlace`); `notify` shows what
 * happened.
 */
export async function pluginIndexPlace(
  adapter: DataAdapter,
  pluginDir: string,
  location: IndexLocation,
  notify: (message: string) => void,
  env?: DeviceEnv,
): Promise<IndexPlace> {
  const vault: IndexPlace = { store: new VaultFileStore(adapter), dir: pluginDir };
  const device = await deviceIndexPlace(adapter, env ?? processEnv());
  const [chosen, previous] = location === "device" && device ? [device, vault] : [vault, device];
  const label = (p: IndexPlace) => (p === vault ? "the vault's plugin folder" : p.dir);
  const settled = await settleIndexPlace({ chosen, ...(previous ? { previous } : {}), inVault: chosen === vault, label });
  if (settled.notice !== undefined) notify(settled.notice);
  return settled.place;
}
