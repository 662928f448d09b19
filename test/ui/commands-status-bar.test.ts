import { afterEach, describe, expect, it, vi } from "vitest";
import { Plugin } from "obsidian";
import { createTestApp, type TestApp } from "../fakes/obsidian";
import type * as O from "obsidian";
import { defaultSettings } from "../../src/core/settings/plugin-settings";
import { registerCommands } from "../../src/ui/commands";
import { addIndexStatusBar } from "../../src/ui/status/status-bar";
import { FakeSearch } from "./fake-search";
import { ManualTimers } from "./fake-timers";
import { FakeStatus } from "./fake-ports";

const manifest: O.PluginManifest = { id: "hvs-test", name: "Test", author: "t", version: "1", minAppVersion: "1.5.0", description: "d" };
let status: FakeStatus;

class TestPlugin extends Plugin {
  override onload(): void {
    registerCommands(this, {
      search: { search: new FakeSearch(), settings: defaultSettings, timers: new ManualTimers() },
      status,
    });
    addIndexStatusBar(this, status);
  }
}

let t: TestApp;
afterEach(() => t.dispose());

async function setup() {
  t = createTestApp({ "A.md": "a" });
  status = new FakeStatus();
  await t.loadPlugin(TestPlugin, manifest);
  return t.shell.body.querySelector<HTMLElement>(".hvs-status-bar");
}

describe("commands", () => {
  it("registers the five commands without default hotkeys", async () => {
    await setup();
    const commands = t.fake.commands.listCommands();
    expect(commands.map((c) => [c.id, c.name])).toEqual([
      ["hvs-test:search-vault", "Test: Search vault"],
      ["hvs-test:open-related-notes", "Test: Open related notes"],
      ["hvs-test:rebuild-index", "Test: Rebuild index"],
      ["hvs-test:pause-or-resume-indexing", "Test: Pause or resume indexing"],
      ["hvs-test:show-index-status", "Test: Show index status"],
    ]);
    expect(commands.every((c) => c.hotkeys === undefined)).toBe(true);
  });

  it("pauses and resumes, and shows the index status", async () => {
    await setup();
    t.fake.commands.executeCommandById("hvs-test:pause-or-resume-indexing");
    expect(status.paused).toBe(true);
    t.fake.commands.executeCommandById("hvs-test:pause-or-resume-indexing");
    expect(status.paused).toBe(false);
    t.fake.commands.executeCommandById("hvs-test:show-index-status");
    const last = t.notices()[t.notices().length - 1]?.message ?? "";
    expect(last.split("\n")).toContain("Notes: 3");
  });

  it("opens the search modal", async () => {
    await setup();
    t.fake.commands.executeCommandById("hvs-test:search-vault");
    expect(t.shell.body.querySelector(".hvs-search-modal .hvs-mode-toggle")).not.toBeNull();
  });

  it("rebuilds only after confirmation", async () => {
    await setup();
    t.fake.commands.executeCommandById("hvs-test:rebuild-index");
    const button = () => [...t.shell.body.querySelectorAll<HTMLElement>(".hvs-confirm-modal button")].find((b) => b.getText() === "Rebuild");
    await vi.waitFor(() => expect(button()).toBeDefined());
    expect(status.rebuilds).toBe(0);
    button()?.click();
    await vi.waitFor(() => expect(status.rebuilds).toBe(1));
  });
});

describe("status bar", () => {
  it("follows progress and toggles pause on click", async () => {
    const bar = await setup();
    expect(bar?.getText()).toMatch(/^Index ready · 3 notes$/);
    status.emit({ phase: "indexing", done: 1234, total: 6571, etaMs: 120_000 });
    expect(bar?.getText()).toMatch(/^Indexing 1.234 \/ 6.571 · 2 min left$/);
    expect(bar?.getAttr("data-state")).toBe("busy");
    bar?.click();
    expect(status.paused).toBe(true);
    expect(bar?.getText()).toBe("Paused");
    bar?.click();
    expect(status.paused).toBe(false);
    status.emit({ phase: "idle", lastError: { code: "OLLAMA_UNREACHABLE", message: "Can't reach Ollama." } });
    expect(bar?.getText()).toBe("Ollama unreachable: keyword search only");
    expect(bar?.getAttr("aria-label")).toContain("Can't reach Ollama.");
  });

  it("tells once the index is idle that chunks were cut to the model's input window, and again only when more are", async () => {
    const bar = await setup();
    const cutNotices = () => t.notices().filter((n) => n.message.startsWith("Chunks cut to fit"));
    const cut = (count: number) => ({ count, windowTokens: 512, model: "nomic-embed-text" });
    status.emit({ phase: "embedding", done: 1, total: 5, inputsCut: cut(2) });
    expect(cutNotices()).toHaveLength(0);
    expect(bar?.getAttr("aria-label")).toContain("Chunks cut to fit nomic-embed-text's input window of 512 tokens: 2.");
    status.emit({ phase: "idle", inputsCut: cut(2) });
    status.emit({ phase: "idle", inputsCut: cut(2) });
    expect(cutNotices().map((n) => n.message)).toEqual([
      `Chunks cut to fit nomic-embed-text's input window of 512 tokens: 2. Their ends are found by keyword only. Set a smaller "Chunk size" in the plugin's settings, or use a model with a longer context.`,
    ]);
    expect(bar?.getText()).toBe("Index ready · 3 notes");
    expect(bar?.getAttr("aria-label")).toContain('Set a smaller "Chunk size"');
    status.emit({ phase: "idle", inputsCut: cut(3) });
    expect(cutNotices()).toHaveLength(2);
  });

  it("stops listening when the plugin unloads", async () => {
    await setup();
    expect(status.listenerCount).toBe(1);
    t.dispose();
    expect(status.listenerCount).toBe(0);
    t = createTestApp();
  });
});
