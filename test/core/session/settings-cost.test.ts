import { describe, expect, it } from "vitest";
import { indexCost, settingsCost } from "../../../src/core/session/settings-cost";
import { defaultSettings, type PluginSettings } from "../../../src/core/settings/plugin-settings";
import { resolveIndexSettings } from "../../../src/core/sync/rules/index-settings";

const base = (): PluginSettings => ({ ...defaultSettings(), embedModel: "nomic-embed-text" });

describe("what a settings change costs", () => {
  it("a new model brings a new embedder and a new calibration, and no rebuild on top of the re-embedding", () => {
    expect(settingsCost(base(), { ...base(), embedModel: "fake-embed" })).toMatchObject({ newEmbedder: true, rebuild: false, recalibrate: true });
  });

  it("a new server URL or batch size brings a new embedder, which is calibrated again, but keeps the index", () => {
    expect(settingsCost(base(), { ...base(), ollamaUrl: "http://10.0.0.2:11434" })).toMatchObject({ newEmbedder: true, rebuild: false, recalibrate: true });
    expect(settingsCost(base(), { ...base(), batchSize: base().batchSize + 1 })).toMatchObject({ newEmbedder: true, rebuild: false, recalibrate: true });
  });

  it("new chunking rebuilds the index with the same embedder", () => {
    const b = base();
    expect(settingsCost(b, { ...b, chunk: { ...b.chunk, maxTokens: b.chunk.maxTokens + 64 } })).toMatchObject({ newEmbedder: false, rebuild: true, recalibrate: false });
    const overlapRatio = b.chunk.overlapRatio === 0 ? 0.1 : 0;
    expect(settingsCost(b, { ...b, chunk: { ...b.chunk, overlapRatio } })).toMatchObject({ newEmbedder: false, rebuild: true, recalibrate: false });
  });

  it("the other spelling of the same model (\":latest\") costs nothing", () => {
    expect(settingsCost(base(), { ...base(), embedModel: "nomic-embed-text:latest" })).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: false });
    expect(settingsCost(base(), { ...base(), embedModel: "nomic-embed-text:latest" }).reasons).toEqual([]);
  });

  it("new weights cost nothing but the new options", () => {
    const b = base();
    const next = { ...b, search: { ...b.search, weights: { bm25: 2, vector: 0.5, hyde: 0.1 } } };
    expect(settingsCost(b, next)).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: false });
  });

  it("turning auto-calibrate on calibrates; turning it off does not", () => {
    const off = { ...base(), search: { ...base().search, autoWeights: false } };
    const on = { ...base(), search: { ...base().search, autoWeights: true } };
    expect(settingsCost(off, on)).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: true });
    expect(settingsCost(on, off)).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: false });
  });

  it("is the one decider of what the index pays: rebuild, re-analyse in place, re-scan, or convert the vectors", () => {
    const a = resolveIndexSettings({});
    expect(indexCost(a, { ...a, maxNoteBytes: a.maxNoteBytes * 2 })).toEqual({ rebuild: true, relanguage: false, rescan: false, convertVectors: false });
    expect(indexCost(a, { ...a, defaultLanguage: "de" })).toEqual({ rebuild: false, relanguage: true, rescan: false, convertVectors: false });
    expect(indexCost(a, { ...a, excludeTags: ["x"] })).toEqual({ rebuild: false, relanguage: false, rescan: true, convertVectors: false });
    expect(indexCost(a, { ...a, vectorPrecision: "float32" })).toEqual({ rebuild: false, relanguage: false, rescan: false, convertVectors: true });
    // An index of the old default (float32) under today's default (int8) converts, never rebuilds.
    expect(a.vectorPrecision).toBe("int8");
    expect(indexCost({ ...a, vectorPrecision: "float32" }, a)).toEqual({ rebuild: false, relanguage: false, rescan: false, convertVectors: true });
    expect(indexCost(a, { ...a, debounceMs: 5 })).toEqual({ rebuild: false, relanguage: false, rescan: false, convertVectors: false });
    // The settings tab's reasons come from the same decision.
    const b = base();
    expect(settingsCost(b, { ...b, chunk: { ...b.chunk, maxTokens: b.chunk.maxTokens + 64 } }).reasons).toHaveLength(1);
  });
});
