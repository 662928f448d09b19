import { describe, expect, it } from "vitest";
import { deviceIndexDir, userDataDir } from "../../../src/core/persist/index-location";

describe("this device's folder for a vault's index", () => {
  it("is the platform's per-user data folder", () => {
    expect(userDataDir({ platform: "linux", env: {}, home: "/home/ana" })).toBe("/home/ana/.local/share");
    expect(userDataDir({ platform: "linux", env: { XDG_DATA_HOME: "/data/ana/" }, home: "/home/ana" })).toBe("/data/ana");
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    expect(userDataDir({ platform: "freebsd", env: { XDG_DATA_HOME: "data" }, home: "/home/ana" })).toBe("/home/ana/.local/share");
    expect(userDataDir({ platform: "darwin", env: { XDG_DATA_HOME: "/x" }, home: "/Users/ana" })).toBe("/Users/ana/Library/Application Support");
    expect(userDataDir({ platform: "win32", env: { LOCALAPPDATA: "C:\\Users\\Ana\\AppData\\Local" }, home: "C:\\Users\\Ana" })).toBe("C:/Users/Ana/AppData/Local");
    expect(userDataDir({ platform: "win32", env: {}, home: "C:\\Users\\Ana" })).toBe("C:/Users/Ana/AppData/Local");
    expect(userDataDir({ platform: "linux", env: {}, home: "" })).toBeUndefined();
  });

  it("names the vault and a hash of its real path, so two vaults of one name never share a folder", () => {
    const linux = { platform: "linux", env: {}, home: "/home/ana" };
    const a = deviceIndexDir(linux, "/home/ana/Notes")!;
    expect(a).toMatch(/^\/home\/ana\/\.local\/share\/hybrid-vault-search\/vaults\/Notes-[0-9a-f]{12}$/);
    expect(deviceIndexDir(linux, "/home/ana/Notes/")).toBe(a);
    expect(deviceIndexDir(linux, "/mnt/backup/Notes")).not.toBe(a);
    // Case matters on Linux; Windows folds it (its file system doesn't), and takes either separator.
    expect(deviceIndexDir(linux, "/home/ana/notes")).not.toBe(a.replace("Notes-", "notes-"));
    const win = { platform: "win32", env: { LOCALAPPDATA: "C:\\Users\\Ana\\AppData\\Local" }, home: "C:\\Users\\Ana" };
    const w = deviceIndexDir(win, "C:\\Users\\Ana\\Vaults\\Work")!;
    expect(w).toMatch(/^C:\/Users\/Ana\/AppData\/Local\/hybrid-vault-search\/vaults\/Work-[0-9a-f]{12}$/);
    expect(deviceIndexDir(win, "c:/users/ana/vaults/WORK")!.slice(-12)).toBe(w.slice(-12));
    const mac = deviceIndexDir({ platform: "darwin", env: {}, home: "/Users/ana" }, "/Users/ana/Library/Mobile Documents/iCloud~md~obsidian/Documents/Life")!;
    expect(mac).toMatch(/^\/Users\/ana\/Library\/Application Support\/hybrid-vault-search\/vaults\/Life-[0-9a-f]{12}$/);
  });

  it("makes any vault name safe for every file system", () => {
    const linux = { platform: "linux", env: {}, home: "/h" };
    expect(deviceIndexDir(linux, "/v/Notizen: Privat*?")).toMatch(/\/Notizen_ Privat__-[0-9a-f]{12}$/);
    expect(deviceIndexDir(linux, "/v/Заметки 日本")).toMatch(/\/Заметки 日本-[0-9a-f]{12}$/);
    expect(deviceIndexDir(linux, "/v/...")).toMatch(/\/vault-[0-9a-f]{12}$/);
    expect(deviceIndexDir(linux, "/")).toMatch(/\/vault-[0-9a-f]{12}$/);
    expect(deviceIndexDir(linux, `/v/${"x".repeat(80)}`)).toMatch(new RegExp(`/${"x".repeat(40)}-[0-9a-f]{12}$`));
    expect(deviceIndexDir({ platform: "linux", env: {}, home: "" }, "/v/a")).toBeUndefined();
  });
});
