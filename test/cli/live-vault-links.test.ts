import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LiveVault } from "../../src/cli/live-vault";
import { captureIo } from "./cli-harness";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A vault and, beside it, a folder the user never put in it. */
async function vaultAndOutside(): Promise<{ vault: string; outside: string }> {
  const vault = await tempDir("hvs-links-vault-");
  const outside = await tempDir("hvs-links-outside-");
  await writeFile(join(vault, "Kept.md"), "# Kept\n\nA note of the vault.\n");
  await writeFile(join(outside, "secret.md"), "# Secret\n\nzebraoutside credentials\n");
  await mkdir(join(outside, "folder"));
  await writeFile(join(outside, "folder", "inner.md"), "# Inner\n\nzebraoutside folder\n");
  return { vault, outside };
}

/** `watch` in-process, keyword-only (no Ollama); closed after the test. */
async function watchVault(vault: string): Promise<LiveVault> {
  const opened = await LiveVault.open({ vault, ollama: undefined, configDir: ".obsidian" }, captureIo().io, {
    app: "test watch",
    watch: true,
    log: () => undefined,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const live = opened.value;
  cleanups.push(() => live.close());
  await live.whenReady();
  return live;
}

/** Waits, bounded, for the index to reach a state (events and the debounce take their time). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
}

const notes = (live: LiveVault): string[] => [...live.session.index.notePaths()].sort();

describe("watch never reads a file outside the vault", () => {
  it("leaves out a note and a folder linked from outside while watching", async () => {
    const { vault, outside } = await vaultAndOutside();
    const live = await watchVault(vault);
    await symlink(join(outside, "secret.md"), join(vault, "passwd.md"));
    await symlink(join(outside, "folder"), join(vault, "Linked"));
    await writeFile(join(outside, "folder", "later.md"), "# Later\n\nzebraoutside later\n");
    await writeFile(join(vault, "Marker.md"), "# Marker\n\nwritten after the links\n");
    await until(() => live.session.index.hasNote("Marker.md"), "the note written after the links");
    await live.session.service.flush();
    await live.session.service.flush();
    expect(notes(live)).toEqual(["Kept.md", "Marker.md"]);
  });

  it("drops a note from the index when it is replaced by a link to a file outside", async () => {
    const { vault, outside } = await vaultAndOutside();
    await writeFile(join(vault, "note.md"), "# Note\n\nzebrainside\n");
    const live = await watchVault(vault);
    expect(notes(live)).toEqual(["Kept.md", "note.md"]);
    await rm(join(vault, "note.md"));
    await symlink(join(outside, "secret.md"), join(vault, "note.md"));
    await until(() => !live.session.index.hasNote("note.md"), "the replaced note to leave the index");
    await live.session.service.flush();
    expect(notes(live)).toEqual(["Kept.md"]);
  });

  it("drops a linked note at the next start, if an index still holds it", async () => {
    const { vault, outside } = await vaultAndOutside();
    await writeFile(join(vault, "note.md"), "# Note\n\nzebrainside\n");
    const first = await watchVault(vault);
    expect(notes(first)).toEqual(["Kept.md", "note.md"]);
    await first.close();
    await rm(join(vault, "note.md"));
    await symlink(join(outside, "secret.md"), join(vault, "note.md"));
    const second = await watchVault(vault);
    await second.session.service.flush();
    expect(notes(second)).toEqual(["Kept.md"]);
  });
});
