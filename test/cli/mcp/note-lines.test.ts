import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readNoteLines } from "../../../src/cli/mcp/note-lines";

describe("readNoteLines (the get tool) and symbolic links", () => {
  let vault = "";
  let outside = "";
  beforeEach(async () => {
    vault = await mkdtemp(join(tmpdir(), "hvs-get-vault-"));
    outside = await mkdtemp(join(tmpdir(), "hvs-get-outside-"));
    await mkdir(join(vault, "Sub"));
    await writeFile(join(vault, "Sub", "real.md"), "inside\n");
    await writeFile(join(outside, "secret.md"), "SECRET\n");
  });
  afterEach(async () => {
    await rm(vault, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const read = (path: string) => readNoteLines(vault, path, { fromLine: 1, maxLines: 10 });
  const message = (r: Awaited<ReturnType<typeof read>>): string => ("missing" in r ? "missing" : r.ok ? r.value.text : r.error.message);

  it("reads a note, and refuses one linked from outside the vault, directly or through a linked folder", async () => {
    await symlink(join(outside, "secret.md"), join(vault, "passwd.md"));
    await symlink(outside, join(vault, "Linked"));
    expect(message(await read("Sub/real.md"))).toBe("1\tinside");
    expect(message(await read("passwd.md"))).toMatch(/outside the vault/);
    expect(message(await read("Linked/secret.md"))).toMatch(/outside the vault/);
  });

  it("refuses a link that stays inside the vault, as indexing does, so get reads only notes search can return", async () => {
    await symlink(join(vault, "Sub", "real.md"), join(vault, "alias.md"));
    await symlink(join(vault, "Sub"), join(vault, "Alias"));
    expect(message(await read("alias.md"))).toMatch(/symbolic link/);
    expect(message(await read("Alias/real.md"))).toMatch(/symbolic link/);
  });

  it("reads a vault opened through a link to its folder", async () => {
    const via = join(outside, "vault-link");
    await symlink(vault, via);
    expect(message(await readNoteLines(via, "Sub/real.md", { fromLine: 1, maxLines: 10 }))).toBe("1\tinside");
  });
});
