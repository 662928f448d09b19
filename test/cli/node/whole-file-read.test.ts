import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWholeFile } from "../../../src/cli/node/whole-file-read";

describe("readWholeFile", () => {
  let root = "";
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "hvs-whole-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("reads a file bigger than Node's 512 KB pieces byte for byte", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    await writeFile(join(root, "big.bin"), bytes);
    const read = await readWholeFile(join(root, "big.bin"));
    expect(read.length).toBe(bytes.length);
    expect(Buffer.compare(read, Buffer.from(bytes))).toBe(0);
  });

  it("reads an empty file as no bytes", async () => {
    await writeFile(join(root, "empty.bin"), new Uint8Array(0));
    expect((await readWholeFile(join(root, "empty.bin"))).length).toBe(0);
  });

  it("reads a file whose size the system reports as 0 through Node's own reader", async () => {
    if (!existsSync("/proc/self/status")) return;
    expect((await readWholeFile("/proc/self/status")).toString("utf8")).toContain("Name:");
  });

  it("fails like fs.readFile on a missing file and on a folder", async () => {
    await expect(readWholeFile(join(root, "nope.bin"))).rejects.toMatchObject({ code: "ENOENT" });
    await mkdir(join(root, "dir"));
    await expect(readWholeFile(join(root, "dir"))).rejects.toMatchObject({ code: "EISDIR" });
  });
});
