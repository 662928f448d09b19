import { describe, expect, it } from "vitest";
import { splitListInput } from "../../../src/core/settings/list-settings";
import { normalizeSettings } from "../../../src/core/settings/normalize-settings";
import {
  defaultSettings,
  indexSettingsOf,
  searchOptionsOf,
  SETTINGS_VERSION,
  type PluginSettings,
} from "../../../src/core/settings/plugin-settings";
import { LIMITS, parseNumberInput } from "../../../src/core/settings/setting-limits";
import { settingsCost } from "../../../src/core/session/settings-cost";

const rebuildReasons = (a: PluginSettings, b: PluginSettings): string[] => settingsCost(a, b).reasons;

describe("defaultSettings", () => {
  it("has the documented defaults", () => {
    const d = defaultSettings();
    expect(d).toMatchObject({
      ollamaUrl: "http://127.0.0.1:11434",
      embedModel: "nomic-embed-text",
      batchSize: 16,
      hyde: { enabled: false, model: "" },
      chunk: { maxTokens: 400, overlapRatio: 0.15 },
      debounceMs: 2000,
      excludeFolders: [],
      excludeGlobs: [],
      excludeTags: ["private"],
      minNoteChars: 0,
      related: { limit: 15, hideLinked: false },
    });
    expect(d.hyde.promptTemplate).toContain("{query}");
    expect(d.search).not.toHaveProperty("hyde");
  });

  it("returns a fresh copy each time", () => {
    const a = defaultSettings();
    a.search.weights.bm25 = 9;
    a.excludeTags.push("x");
    expect(defaultSettings().search.weights.bm25).toBe(1);
    expect(defaultSettings().excludeTags).toEqual(["private"]);
  });
});

describe("normalizeSettings", () => {
  it("gives the defaults, silently, for nothing saved and for partial data", () => {
    expect(normalizeSettings(undefined)).toEqual({ settings: defaultSettings(), errors: [] });
    expect(normalizeSettings(null)).toEqual({ settings: defaultSettings(), errors: [] });
    const r = normalizeSettings({ version: 1, batchSize: 32, search: { weights: { bm25: 2 } } });
    expect(r.errors).toEqual([]);
    expect(r.settings.batchSize).toBe(32);
    expect(r.settings.search.weights).toEqual({ bm25: 2, vector: 1, hyde: 0.5 });
    expect(r.settings.search.rrfK).toBe(5);
  });

  it("round-trips its own output unchanged", () => {
    const s = { ...defaultSettings(), embedModel: "bge-m3", excludeFolders: ["Daily", "Archive/Old"] };
    expect(normalizeSettings(JSON.parse(JSON.stringify(s)))).toEqual({ settings: s, errors: [] });
  });

  it("drops unknown keys", () => {
    const r = normalizeSettings({ bogus: 1, search: { nope: true }, hyde: { extra: "x" } });
    expect(r.settings).not.toHaveProperty("bogus");
    expect(r.settings.search).not.toHaveProperty("nope");
    expect(r.settings.hyde).not.toHaveProperty("extra");
    expect(r.errors).toEqual([]);
  });

  it("clamps numbers out of range and says so", () => {
    const r = normalizeSettings({ batchSize: 1000, chunk: { overlapRatio: 0.9, maxTokens: 3 }, search: { minScore: -1 } });
    expect(r.settings.batchSize).toBe(256);
    expect(r.settings.chunk).toEqual({ maxTokens: 16, overlapRatio: 0.5 });
    expect(r.settings.search.minScore).toBe(0);
    expect(r.errors).toHaveLength(4);
    expect(r.errors[0]).toBe("Batch size must be a whole number from 1 to 256; 1000 was changed to 256.");
  });

  it("replaces values of the wrong kind by the default and says so", () => {
    const r = normalizeSettings({
      batchSize: "lots",
      debounceMs: "500",
      related: { hideLinked: "yes" },
      embedModel: "  ",
      ollamaUrl: "ftp://nope",
      excludeTags: 7,
    });
    expect(r.settings.batchSize).toBe(16);
    expect(r.settings.debounceMs).toBe(500);
    expect(r.settings.related.hideLinked).toBe(false);
    expect(r.settings.embedModel).toBe("nomic-embed-text");
    expect(r.settings.ollamaUrl).toBe("http://127.0.0.1:11434");
    expect(r.settings.excludeTags).toEqual(["private"]);
    expect(r.errors).toHaveLength(5);
    expect(r.errors.join("\n")).toContain('"lots" was replaced by the default, 16');
    expect(r.errors.join("\n")).toContain("not a valid Ollama URL");
  });

  it("normalises URLs and lists", () => {
    const r = normalizeSettings({
      ollamaUrl: "localhost/",
      excludeFolders: ["/Daily/", "Daily", "a\\b", "", 5],
      excludeTags: "#Private, work/secret/ ,#private",
      excludeGlobs: [" *.canvas ", "*.canvas"],
    });
    expect(r.settings.ollamaUrl).toBe("http://localhost:11434");
    expect(r.settings.excludeFolders).toEqual(["Daily", "a/b"]);
    expect(r.settings.excludeTags).toEqual(["private", "work/secret"]);
    expect(r.settings.excludeGlobs).toEqual(["*.canvas"]);
    expect(r.errors).toEqual(["Excluded folders: entries that are not text were dropped."]);
  });

  it("spells each model one way, silently: \":latest\" is dropped, other tags stay", () => {
    const r = normalizeSettings({ embedModel: "nomic-embed-text:latest", hyde: { enabled: true, model: "llama3.2:latest" } });
    expect(r.settings.embedModel).toBe("nomic-embed-text");
    expect(r.settings.hyde.model).toBe("llama3.2");
    expect(r.errors).toEqual([]);
    expect(normalizeSettings({ embedModel: "nomic-embed-text:v1.5" }).settings.embedModel).toBe("nomic-embed-text:v1.5");
  });

  it("reads the rerank settings: off by default, one spelling of the model, candidates clamped to 10–40", () => {
    expect(normalizeSettings({}).settings.rerank).toEqual({ enabled: false, model: "", candidates: 20 });
    const r = normalizeSettings({ rerank: { enabled: true, model: "qwen3:latest", candidates: 99 } });
    expect(r.settings.rerank).toEqual({ enabled: true, model: "qwen3", candidates: 40 });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Results to rerank/);
  });

  it("refuses data that is not an object", () => {
    const r = normalizeSettings([1, 2]);
    expect(r.settings).toEqual(defaultSettings());
    expect(r.errors).toHaveLength(1);
  });

  it("migrates unversioned data that kept HyDE's switch in the search options", () => {
    const r = normalizeSettings({ search: { hyde: true, rrfK: 30 }, hyde: { model: "llama3.2" } });
    expect(r.settings.version).toBe(SETTINGS_VERSION);
    expect(r.settings.hyde).toMatchObject({ enabled: true, model: "llama3.2" });
    expect(r.settings.search.rrfK).toBe(30);
    expect(r.errors).toEqual([]);
  });

  it("reads data from a newer version tolerantly, with a message", () => {
    const r = normalizeSettings({ version: SETTINGS_VERSION + 1, batchSize: 8, futureThing: {} });
    expect(r.settings.batchSize).toBe(8);
    expect(r.errors).toHaveLength(1);
  });
});

describe("setting helpers", () => {
  it("parses number input strictly", () => {
    expect(parseNumberInput(" 32 ", LIMITS.batchSize)).toEqual({ ok: true, value: 32 });
    expect(parseNumberInput("0.5", LIMITS.batchSize)).toEqual({ ok: false, error: "Batch size must be a whole number from 1 to 256." });
    expect(parseNumberInput("", LIMITS.minScore).ok).toBe(false);
    expect(parseNumberInput("1,5", LIMITS.minScore).ok).toBe(false);
    expect(parseNumberInput("0.25", LIMITS.minScore)).toEqual({ ok: true, value: 0.25 });
  });

  it("splits list input on lines and commas", () => {
    expect(splitListInput("a, b\n\n c ,")).toEqual(["a", "b", "c"]);
  });

  it("turns HyDE on in the engine only with a generation model", () => {
    const s = defaultSettings();
    s.hyde.enabled = true;
    expect(searchOptionsOf(s).hyde).toBe(false);
    s.hyde.model = "llama3.2";
    expect(searchOptionsOf(s)).toMatchObject({ hyde: true, rrfK: 5, limit: 20 });
  });

  it("asks for a rebuild when the model or the chunking changes, and only then", () => {
    const a = defaultSettings();
    expect(rebuildReasons(a, { ...a, batchSize: 4, search: { ...a.search, rrfK: 5 } })).toEqual([]);
    expect(rebuildReasons(a, { ...a, embedModel: "bge-m3" })).toHaveLength(1);
    expect(rebuildReasons(a, { ...a, chunk: { maxTokens: 200, overlapRatio: 0.15 } })).toHaveLength(1);
  });
});

describe("keyword search settings of issue 8", () => {
  it("reads the default language by code or name and refuses one without a stemmer", () => {
    expect(normalizeSettings({ defaultLanguage: "sv" }).settings.defaultLanguage).toBe("sv");
    expect(normalizeSettings({ defaultLanguage: "German" }).settings.defaultLanguage).toBe("de");
    const bad = normalizeSettings({ defaultLanguage: "tlh" });
    expect(bad.settings.defaultLanguage).toBe("en");
    expect(bad.errors.join(" ")).toMatch(/Default language|not a language/);
  });

  it("keeps typo tolerance within 0 to 2 edits, default 1", () => {
    expect(defaultSettings().search.typoTolerance).toBe(1);
    expect(normalizeSettings({ search: { typoTolerance: 2 } }).settings.search.typoTolerance).toBe(2);
    expect(normalizeSettings({ search: { typoTolerance: 5 } }).settings.search.typoTolerance).toBe(2);
  });

  it("does not ask to rebuild for a default language change, which re-analyses only the chunks it decides", () => {
    const next = { ...defaultSettings(), defaultLanguage: "de" };
    expect(rebuildReasons(defaultSettings(), next)).toEqual([]);
  });
});

describe("the vector precision setting", () => {
  it("keeps int8 or float32, passes it to the index settings, and falls back with a message on anything else", () => {
    const int8 = normalizeSettings({ vectorPrecision: "int8" });
    expect(int8.settings.vectorPrecision).toBe("int8");
    expect(int8.errors).toEqual([]);
    expect(indexSettingsOf(int8.settings, []).vectorPrecision).toBe("int8");
    const odd = normalizeSettings({ vectorPrecision: "int4" });
    expect(odd.settings.vectorPrecision).toBe(defaultSettings().vectorPrecision);
    expect(odd.errors.join(" ")).toMatch(/"int4" is not a vector precision.*Vector precision/);
  });
});

describe("the index location setting", () => {
  it("is the vault by default, keeps vault or device, and falls back with a message on anything else", () => {
    expect(normalizeSettings(undefined).settings.indexLocation).toBe("vault");
    const device = normalizeSettings({ indexLocation: "device" });
    expect([device.settings.indexLocation, device.errors]).toEqual(["device", []]);
    const odd = normalizeSettings({ indexLocation: "cloud" });
    expect(odd.settings.indexLocation).toBe("vault");
    expect(odd.errors.join(" ")).toMatch(/"cloud" is not an index location.*Index location/);
  });
});
