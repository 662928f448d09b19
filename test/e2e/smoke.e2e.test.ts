import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as O from "obsidian";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";
import { repoPath } from "./harness/paths";
import { readVaultFolder } from "./harness/vault-fixture";

const manifest: O.PluginManifest = {
  id: "e2e-smoke",
  name: "E2E smoke",
  author: "Hybrid Vault Search contributors",
  version: "0.0.1",
  minAppVersion: "1.5.0",
  description: "Proves the e2e harness.",
};

describe("e2e harness", () => {
  let harness: Harness;
  let shots: string;

  beforeAll(async () => {
    shots = await mkdtemp(join(tmpdir(), "hvs-e2e-shots-"));
    harness = await startHarness({ plugin: { entry: "test/e2e/fixtures/smoke-plugin.ts" }, manifest, screenshotDir: shots });
  });

  afterAll(async () => {
    await harness.close();
    await rm(shots, { recursive: true, force: true });
  });

  it("opens a SuggestModal from a command, filters as you type, navigates with arrows and opens the choice", async () => {
    const h = await harness.newPage();
    const { page } = h;
    expect(await h.activeFile()).toBeNull();
    await h.command("e2e-smoke:open-note-picker");
    const notes = Object.keys(await readVaultFolder(repoPath("test/e2e/fixtures/vault"))).length;
    const items = page.locator(".prompt-results .suggestion-item");
    await h.waitFor(async () => (await items.count()) === notes, { message: "every note listed" });
    await page.locator(".prompt-input").pressSequentially("garden");
    await h.waitFor(async () => (await items.count()) === 2, { message: "two gardening notes" });
    expect(await page.locator(".suggestion-item.is-selected .smoke-title").textContent()).toBe("Composting basics");
    await page.keyboard.press("ArrowDown");
    expect(await page.locator(".suggestion-item.is-selected .smoke-title").textContent()).toBe("Tomato growing");
    const shot = await h.screenshot("smoke-picker");
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    await page.keyboard.press("Enter");
    await h.waitFor(async () => (await h.activeFile()) === "Gardening/Tomato growing.md", { message: "the chosen note to open" });
    expect(await page.locator(".modal-container").count()).toBe(0);
    await expect(page.locator(".workspace-leaf.mod-active .cm-line").first().textContent()).resolves.toBe("---");
  });

  it("shows note text containing markup as text, without running it", async () => {
    const h = await harness.newPage();
    await h.openFile("Inbox/Untrusted clipping.md");
    const view = h.page.locator(".workspace-leaf.mod-active .view-content");
    await expect(view.textContent()).resolves.toContain("<script>alert(1)</script>");
    expect(await view.locator("img, script").count()).toBe(0);
  });

  it("relays requestUrl to the fake Ollama from the plugin's saved settings, and reports it when down", async () => {
    const h = await harness.newPage({ pluginData: { ollamaUrl: harness.ollama.url } });
    await h.command("e2e-smoke:check-ollama");
    await h.waitFor(async () => (await h.notices()).some((n) => n.message.startsWith("Ollama answered: version")), {
      message: "the version notice",
    });
    expect(harness.ollama.stats.apiCalls).toContain("/api/version");
    harness.ollama.setFaults({ down: true });
    try {
      await h.command("e2e-smoke:check-ollama");
      await h.waitFor(async () => (await h.notices()).some((n) => n.message.startsWith("Ollama unreachable: net::")), {
        message: "the unreachable notice",
      });
    } finally {
      harness.ollama.reset();
    }
  });

  it("fails a page that logs an error", async () => {
    const h = await harness.newPage();
    await h.page.evaluate(() => console.error("deliberate"));
    await expect(h.waitFor(() => false, { timeoutMs: 5000 })).rejects.toThrow("console.error: deliberate");
    expect(h.takeErrors()).toEqual(["console.error: deliberate"]);
  });
});
