import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchFolderTree, type Watching } from "../../../src/cli/node/folder-tree-watch";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
}

function watchTree(root: string): { names: string[]; tree: Watching } {
  const names: string[] = [];
  const tree = watchFolderTree(root, (n) => names.push(n ?? "<all>"), (n) => n.startsWith(".") || n === "node_modules");
  cleanups.push(() => tree.close());
  return { names, tree };
}

describe("watchFolderTree", () => {
  it("watches a folder deleted and made again under the same name", async () => {
    const root = temp("hvs-tree-");
    mkdirSync(join(root, "F"));
    const { names } = watchTree(root);
    rmSync(join(root, "F"), { recursive: true });
    await until(() => names.includes("F"), "the folder's delete");
    names.length = 0;
    mkdirSync(join(root, "F"));
    await until(() => names.includes("F"), "the folder made again");
    writeFileSync(join(root, "F", "n.md"), "x");
    await until(() => names.includes("F/n.md"), "the note in the new folder");
  });

  it("enters neither a linked folder nor a skipped one", async () => {
    const root = temp("hvs-tree-");
    const outside = temp("hvs-tree-outside-");
    mkdirSync(join(root, ".git"));
    mkdirSync(join(root, "node_modules"));
    symlinkSync(outside, join(root, "Linked"));
    const { names } = watchTree(root);
    writeFileSync(join(outside, "secret.md"), "x");
    writeFileSync(join(root, ".git", "HEAD.md"), "x");
    writeFileSync(join(root, "node_modules", "dep.md"), "x");
    writeFileSync(join(root, "marker.md"), "x");
    await until(() => names.includes("marker.md"), "the note written last");
    expect(names.filter((n) => n !== "marker.md")).toEqual([]);
  });
});
