import * as fsPromises from "node:fs/promises";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataAdapter } from "obsidian";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deviceDir } from "../../src/cli/node/index-dir";
import { deviceIndexPlace } from "../../src/obsidian/device-index-place";
import { FileSystemAdapter, setPlatform } from "../fakes/obsidian";

describe("this device's index folder in the desktop app", () => {
  let home = "";
  let vault = "";
  let env: Record<string, string> = {};
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "hvs-plugin-home-"));
    vault = join(home, "Vaults", "Work");
    await mkdir(vault, { recursive: true });
    env = { HOME: home, USERPROFILE: home, XDG_DATA_HOME: join(home, "xdg"), LOCALAPPDATA: join(home, "local") };
  });
  afterEach(async () => {
    setPlatform();
    await rm(home, { recursive: true, force: true });
  });

  it("is the folder the CLI finds from the vault's path, also through a link to the vault, and is writable", async () => {
    const link = join(home, "work-link");
    await symlink(vault, link);
    const adapter = new FileSystemAdapter(link, fsPromises) as unknown as DataAdapter;
    const place = await deviceIndexPlace(adapter, env);
    if (!place) throw new Error("no device place");
    expect(place.dir).toBe(await deviceDir(vault, env));
    expect(place.dir.startsWith(home.split("\\").join("/"))).toBe(true);
    expect((await place.store.write(`${place.dir}/probe.bin`, Uint8Array.of(1, 2))).ok).toBe(true);
    const back = await place.store.read(`${place.dir}/probe.bin`);
    expect(back.ok && [...(back.value ?? [])]).toEqual([1, 2]);
  });

  it("is none on mobile (the index stays in the vault) or without Node's file system", async () => {
    setPlatform({ isDesktopApp: false, isMobileApp: true, isMobile: true, isDesktop: false });
    expect(await deviceIndexPlace(new FileSystemAdapter(vault, fsPromises) as unknown as DataAdapter, env)).toBeUndefined();
    setPlatform();
    expect(await deviceIndexPlace(new FileSystemAdapter(vault) as unknown as DataAdapter, env)).toBeUndefined();
  });
});
