import { afterEach, describe, expect, it, vi } from "vitest";
import { Plugin, Setting } from "obsidian";
import { createTestApp, setPlatform, type TestApp } from "../fakes/obsidian";
import type * as O from "obsidian";
import type { OllamaModelInfo } from "../../src/core/ollama/model-info";
import { err, ok, type Result } from "../../src/core/result";
import type { ConnectionPort } from "../../src/ui/ports";
import { SETTING_LABELS } from "../../src/core/errors/setting-labels";
import { HybridSearchSettingTab, type SettingsTabDeps } from "../../src/ui/settings-tab";
import { FakeStatus, MemorySettings } from "./fake-ports";

const manifest: O.PluginManifest = { id: "hvs-test", name: "Test", author: "t", version: "1", minAppVersion: "1.5.0", description: "d" };

function fakeOllama(up: boolean): (url: string) => ConnectionPort {
  const models: Record<string, string[]> = { "nomic-embed-text:latest": ["embedding"], "bge-m3:latest": ["embedding"], "llama3.2:latest": ["completion"] };
  return (url) => {
    const down = err({ code: "OLLAMA_UNREACHABLE" as const, message: `Can't reach Ollama at ${url}. Is it running?` });
    return {
      baseUrl: url,
      version: () => Promise.resolve(up ? ok({ version: "0.6.2" }) : down),
      listModels: () =>
        Promise.resolve(up ? ok(Object.keys(models).map((name) => ({ name, family: "", sizeBytes: 0, parameterSize: "", quantization: "" }))) : down),
      showModel: (name): Promise<Result<OllamaModelInfo>> => Promise.resolve(ok({ name, family: "", capabilities: models[name] ?? [] })),
    };
  };
}

let deps: SettingsTabDeps;
let tab: HybridSearchSettingTab;
class TestPlugin extends Plugin {
  override onload(): void {
    tab = new HybridSearchSettingTab(this.app, this, deps);
    this.addSettingTab(tab);
  }
}

let t: TestApp;
afterEach(() => t.dispose());

async function setup(up = true) {
  t = createTestApp();
  const settings = new MemorySettings();
  const status = new FakeStatus();
  deps = { settings, status, connect: fakeOllama(up) };
  await t.loadPlugin(TestPlugin, manifest);
  t.fake.setting.open();
  t.fake.setting.openTabById(manifest.id);
  return { settings, status, el: tab.containerEl };
}

function row(el: HTMLElement, name: string): HTMLElement {
  const found = [...el.querySelectorAll<HTMLElement>(".setting-item")].find((r) => r.querySelector(".setting-item-name")?.getText() === name);
  if (!found) throw new Error(`no setting "${name}"`);
  return found;
}

function input(r: HTMLElement): HTMLInputElement {
  const i = r.querySelector<HTMLInputElement>("input, textarea");
  if (!i) throw new Error("no input");
  return i;
}

function typeInto(i: HTMLInputElement, value: string, commit = false): void {
  i.value = value;
  i.dispatchEvent(new Event("input"));
  if (commit) i.dispatchEvent(new Event("change"));
}

const errorText = (r: HTMLElement) => {
  const line = r.querySelector(".hvs-setting-error");
  return line && !line.hasClass("hvs-hidden") ? line.getText() : undefined;
};

function confirmButton(label: string): HTMLElement | undefined {
  return [...t.shell.body.querySelectorAll<HTMLElement>(".hvs-confirm-modal button")].find((b) => b.getText() === label);
}

describe("HybridSearchSettingTab", () => {
  it("has the seven sections", async () => {
    const { el } = await setup();
    const headings = [...el.querySelectorAll(".setting-item-heading .setting-item-name")].map((h) => h.getText());
    expect(headings).toEqual(["Connection", "Search", "Hypothetical answers", "Rerank", "Related notes", "Indexing", "Index"]);
  });

  it("names its rows exactly as the labels table does, so messages that point at a setting find it", async () => {
    const { el } = await setup();
    const rows = [...el.querySelectorAll<HTMLElement>(".setting-item")].filter((r) => !r.hasClass("setting-item-heading"));
    const names = rows.map((r) => r.querySelector(".setting-item-name")?.getText() ?? "");
    expect([...names].sort()).toEqual(Object.values(SETTING_LABELS).sort());
  });

  it("refuses a bad number with a message, and saves a good one", async () => {
    const { el, settings } = await setup();
    const batch = row(el, "Batch size");
    typeInto(input(batch), "0");
    expect(errorText(batch)).toBe("Batch size must be a whole number from 1 to 256.");
    expect(input(batch).hasClass("hvs-invalid")).toBe(true);
    expect(settings.saved).toHaveLength(0);
    typeInto(input(batch), "32");
    await vi.waitFor(() => expect(settings.current.batchSize).toBe(32));
    expect(errorText(batch)).toBeUndefined();
  });

  it("tests the connection and fills the model dropdown with embedding models", async () => {
    const { el } = await setup();
    const select = el.querySelector<HTMLSelectElement>(".hvs-model-dropdown");
    await vi.waitFor(() => expect(select?.querySelectorAll("option").length).toBe(2));
    expect([...(select?.querySelectorAll("option") ?? [])].map((o) => o.getText())).toEqual(["nomic-embed-text:latest", "bge-m3:latest"]);
    row(el, "Ollama URL").querySelector<HTMLElement>(".hvs-test-connection")?.click();
    const report = el.querySelector(".hvs-connection-result");
    await vi.waitFor(() => expect(report?.getText()).toContain("Connected to Ollama 0.6.2"));
    expect(report?.getAttr("data-state")).toBe("ok");
    expect(report?.getText()).toContain("Embedding models: nomic-embed-text:latest, bge-m3:latest.");
  });

  it("shows the exact error when Ollama is down", async () => {
    const { el } = await setup(false);
    const url = row(el, "Ollama URL");
    url.querySelector<HTMLElement>(".hvs-test-connection")?.click();
    const report = el.querySelector(".hvs-connection-result");
    await vi.waitFor(() => expect(report?.getAttr("data-state")).toBe("error"));
    expect(report?.getText()).toBe("Can't reach Ollama at http://127.0.0.1:11434. Is it running?");
  });

  it("validates the URL as typed and saves it normalised when the field is left", async () => {
    const { el, settings } = await setup();
    const url = row(el, "Ollama URL");
    typeInto(input(url), "ftp://nope");
    expect(errorText(url)).toContain("is not a URL");
    typeInto(input(url), "localhost", true);
    await vi.waitFor(() => expect(settings.current.ollamaUrl).toBe("http://localhost:11434"));
    expect(settings.saved).toHaveLength(1);
  });

  it("asks before a chunking change rebuilds the index, and restores the value when declined", async () => {
    const { el, settings } = await setup();
    const size = input(row(el, "Chunk size"));
    typeInto(size, "200", true);
    await vi.waitFor(() => expect(confirmButton("Cancel")).toBeDefined());
    confirmButton("Cancel")?.click();
    await vi.waitFor(() => expect(size.value).toBe("400"));
    expect(settings.saved).toHaveLength(0);
    typeInto(size, "200", true);
    await vi.waitFor(() => expect(confirmButton("Change and rebuild")).toBeDefined());
    confirmButton("Change and rebuild")?.click();
    await vi.waitFor(() => expect(settings.current.chunk.maxTokens).toBe(200));
  });

  it("offers the installed text-writing models for hypothetical answers, and saves the one picked", async () => {
    const { el, settings } = await setup();
    const select = el.querySelector<HTMLSelectElement>(".hvs-hyde-model-dropdown");
    if (!select) throw new Error("no HyDE dropdown");
    const labels = () => [...select.querySelectorAll("option")].map((o) => o.getText());
    await vi.waitFor(() => expect(labels()).toEqual(["None (hypothetical answers off)", "llama3.2:latest"]));
    select.value = "llama3.2:latest";
    select.dispatchEvent(new Event("change"));
    // Saved in the one spelling of a model (see canonicalModelName).
    await vi.waitFor(() => expect(settings.current.hyde.model).toBe("llama3.2"));
    select.value = "";
    select.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(settings.current.hyde.model).toBe(""));
  });

  it("turns the rerank on, picks its model from the text-writing ones, and keeps its candidates from 10 to 40", async () => {
    const { el, settings } = await setup();
    const toggle = row(el, "Rerank results").querySelector<HTMLInputElement>("input[type=checkbox], .checkbox-container");
    expect(settings.current.rerank).toEqual({ enabled: false, model: "", candidates: 20 });
    const select = el.querySelector<HTMLSelectElement>(".hvs-rerank-model-dropdown");
    if (!select || !toggle) throw new Error("no rerank rows");
    await vi.waitFor(() => expect([...select.querySelectorAll("option")].map((o) => o.getText())).toEqual(["None (no rerank)", "llama3.2:latest"]));
    select.value = "llama3.2:latest";
    select.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(settings.current.rerank.model).toBe("llama3.2"));
    const count = row(el, "Results to rerank");
    typeInto(input(count), "50");
    expect(errorText(count)).toBe("Results to rerank must be a whole number from 10 to 40.");
    typeInto(input(count), "30");
    await vi.waitFor(() => expect(settings.current.rerank.candidates).toBe(30));
  });

  it("asks before an embedding model change", async () => {
    const { el, settings } = await setup();
    const select = el.querySelector<HTMLSelectElement>(".hvs-model-dropdown");
    if (!select) throw new Error("no dropdown");
    await vi.waitFor(() => expect(select.querySelectorAll("option").length).toBe(2));
    select.value = "bge-m3:latest";
    select.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(confirmButton("Change and rebuild")).toBeDefined());
    confirmButton("Change and rebuild")?.click();
    await vi.waitFor(() => expect(settings.current.embedModel).toBe("bge-m3"));
  });

  it("saves exclusions normalised when the field is left", async () => {
    const { el, settings } = await setup();
    typeInto(input(row(el, "Excluded folders")), "/Private/\nArchive//old\nPrivate", true);
    typeInto(input(row(el, "Excluded tags")), "#Secret, journal", true);
    await vi.waitFor(() => expect(settings.current.excludeTags).toEqual(["secret", "journal"]));
    expect(settings.current.excludeFolders).toEqual(["Private", "Archive/old"]);
  });

  it("saves folder weights, refusing a line that is no folder and weight, and the superseded statuses and recency", async () => {
    const { el, settings } = await setup();
    const weights = input(row(el, "Folder weights"));
    typeInto(weights, "Archive/ 0.5\nnonsense", true);
    expect(errorText(row(el, "Folder weights"))).toContain('"nonsense" is not a folder and a weight');
    expect(settings.current.search.folderWeights).toEqual([]);
    typeInto(weights, "Archive/ 0.5\n/Projects/: 1.2", true);
    await vi.waitFor(() => expect(settings.current.search.folderWeights).toEqual([{ folder: "Archive", weight: 0.5 }, { folder: "Projects", weight: 1.2 }]));
    typeInto(input(row(el, "Superseded statuses")), "Superseded, Obsolete", true);
    await vi.waitFor(() => expect(settings.current.search.supersededStatuses).toEqual(["superseded", "obsolete"]));
    typeInto(input(row(el, "Recency boost half-life")), "30");
    await vi.waitFor(() => expect(settings.current.search.recencyHalfLifeDays).toBe(30));
  });

  it("shows the live index status, pauses and rebuilds, and stops listening when closed", async () => {
    const { el, status } = await setup();
    const lines = () => [...(el.querySelector(".hvs-index-status")?.children ?? [])].map((d) => d.getText());
    expect(lines()).toContain("Notes: 3");
    status.emit({ notes: 1500, fileBytes: 3 * 1024 * 1024 });
    expect(lines().join("\n")).toMatch(/Notes: 1.500|Notes: 1,500|Notes: 1\u202f500|Notes: 1 500/);
    expect(lines()).toContain("Index files: 3 MB");
    const pause = el.querySelector<HTMLElement>(".hvs-pause-button");
    expect(pause?.getText()).toBe("Pause indexing");
    pause?.click();
    expect(status.paused).toBe(true);
    expect(pause?.getText()).toBe("Resume indexing");
    el.querySelector<HTMLElement>(".hvs-rebuild-button")?.click();
    await vi.waitFor(() => expect(confirmButton("Rebuild")).toBeDefined());
    confirmButton("Rebuild")?.click();
    await vi.waitFor(() => expect(status.rebuilds).toBe(1));
    expect(status.listenerCount).toBe(2);
    t.fake.setting.close();
    expect(status.listenerCount).toBe(0);
  });

  it("sets where the index lives, saying what syncs and that the move applies at the next start", async () => {
    const { settings, el } = await setup();
    const r = row(el, SETTING_LABELS.indexLocation);
    expect(r.querySelector(".setting-item-description")?.getText()).toMatch(/In the vault: .*synced with your notes.*This device only: .*never synced.*nothing is embedded again/);
    const select = r.querySelector<HTMLSelectElement>("select");
    if (!select) throw new Error("no dropdown");
    expect([...select.querySelectorAll("option")].map((o) => o.getText())).toEqual(["In the vault", "This device only"]);
    expect(select.value).toBe("vault");
    select.value = "device";
    select.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(settings.current.indexLocation).toBe("device"));
    await vi.waitFor(() => expect(t.notices().some((n) => /moves when Obsidian next starts/.test(n.message))).toBe(true));
  });

  it("says on mobile that the index stays in the vault, with nothing to choose", async () => {
    setPlatform({ isDesktopApp: false, isMobileApp: true, isMobile: true, isDesktop: false });
    try {
      const { el } = await setup();
      const r = row(el, SETTING_LABELS.indexLocation);
      expect(r.querySelector("select")).toBeNull();
      expect(r.querySelector(".setting-item-description")?.getText()).toMatch(/On phones and tablets the index always stays in the vault/);
    } finally {
      setPlatform();
    }
  });

  it("offers the same rows as declarative definitions for Obsidian 1.13", async () => {
    const { el } = await setup();
    const defs = tab.getSettingDefinitions();
    expect(defs.map((g) => g.heading)).toEqual(["Connection", "Search", "Hypothetical answers", "Rerank", "Related notes", "Indexing", "Index"]);
    const rows = [...el.querySelectorAll(".setting-item")].filter((r) => !r.hasClass("setting-item-heading")).length;
    expect(defs.reduce((n, g) => n + g.items.length, 0)).toBe(rows);
    const batch = defs[0]?.items.find((i) => i.name === "Batch size");
    const host = el.createDiv();
    const setting = new Setting(host).setName("Batch size");
    batch?.render(setting);
    expect(setting.controlEl.querySelector("input")?.value).toBe("16");
  });
});
