import { describe, expect, it } from "vitest";
import { INDEX_GITIGNORE, settleIndexPlace, type IndexPlace } from "../../../src/core/persist/index-place";
import { MemoryFileStore } from "./memory-file-store";

const bytes = (s: string) => new TextEncoder().encode(s);
const label = (p: IndexPlace) => p.dir;

function places(): { store: MemoryFileStore; vault: IndexPlace; device: IndexPlace } {
  const store = new MemoryFileStore();
  return { store, vault: { store, dir: "vault/config/plugins/hvs" }, device: { store, dir: "/data/hvs/v-1" } };
}

describe("settling where the index opens", () => {
  it("copies the index from the other location when the chosen one has none, meta file last, lock left behind", async () => {
    const { store, vault, device } = places();
    for (const [name, text] of [["index-meta.bin", "M"], ["index-vectors.bin", "V"], ["calibration.json", "C"], ["writer.lock", "L"]]) {
      store.files.set(`${vault.dir}/${name}`, bytes(text!));
    }
    const order: string[] = [];
    const rename = store.rename.bind(store);
    store.rename = (from, to) => (order.push(to), rename(from, to));
    const settled = await settleIndexPlace({ chosen: device, previous: vault, inVault: false, label });
    expect(settled.place).toBe(device);
    expect(settled.notice).toMatch(/copied to \/data\/hvs\/v-1 .*nothing is embedded again/);
    expect(order.at(-1)).toBe(`${device.dir}/index-meta.bin`);
    expect(new TextDecoder().decode(store.files.get(`${device.dir}/index-vectors.bin`))).toBe("V");
    expect(store.files.has(`${device.dir}/writer.lock`)).toBe(false);
    expect(store.files.has(`${vault.dir}/index-meta.bin`)).toBe(true);
    expect([...store.files.keys()].some((k) => k.endsWith(".tmp"))).toBe(false);
    // Once there, nothing is copied again.
    expect((await settleIndexPlace({ chosen: device, previous: vault, inVault: false, label })).notice).toBeUndefined();
  });

  it("keeps the index where it was for this run when the copy fails, and says why", async () => {
    const { store, vault, device } = places();
    store.files.set(`${vault.dir}/index-meta.bin`, bytes("M"));
    store.files.set(`${vault.dir}/index-vectors.bin`, bytes("V"));
    store.failWhen = (op, path) => op === "write" && path.startsWith(device.dir);
    const settled = await settleIndexPlace({ chosen: device, previous: vault, inVault: false, label });
    expect(settled.place).toBe(vault);
    expect(settled.notice).toMatch(/could not be copied to \/data\/hvs\/v-1, so it stays in vault/);
  });

  it("writes the .gitignore only in the vault, and opens an empty chosen place when neither has an index", async () => {
    const { store, vault, device } = places();
    const settled = await settleIndexPlace({ chosen: vault, previous: device, inVault: true, label });
    expect(settled).toEqual({ place: vault });
    expect(new TextDecoder().decode(store.files.get(`${vault.dir}/.gitignore`))).toBe(INDEX_GITIGNORE);
    await settleIndexPlace({ chosen: device, previous: vault, inVault: false, label });
    expect(store.files.has(`${device.dir}/.gitignore`)).toBe(false);
  });
});
