import { describe, expect, it } from "vitest";
import { settingsCost } from "../../../src/core/session/settings-cost";
import { defaultSettings, rebuildReasons, type PluginSettings } from "../../../src/core/settings/plugin-settings";

const base = (): PluginSettings => ({ ...defaultSettings(), embedModel: "nomic-embed-text" });

describe("what a settings change costs", () => {
  it("a new model brings a new embedder and a new calibration, and no rebuild on top of the re-embedding", () => {
    expect(settingsCost(base(), { ...base(), embedModel: "fake-embed" })).toEqual({ newEmbedder: true, rebuild: false, recalibrate: true });
  });

  it("a new server URL or batch size brings a new embedder, which is calibrated again, but keeps the index", () => {
    expect(settingsCost(base(), { ...base(), ollamaUrl: "http://10.0.0.2:11434" })).toEqual({ newEmbedder: true, rebuild: false, recalibrate: true });
    expect(settingsCost(base(), { ...base(), batchSize: base().batchSize + 1 })).toEqual({ newEmbedder: true, rebuild: false, recalibrate: true });
  });

  it("new chunking rebuilds the index with the same embedder", () => {
    const b = base();
    expect(settingsCost(b, { ...b, chunk: { ...b.chunk, maxTokens: b.chunk.maxTokens + 64 } })).toEqual({ newEmbedder: false, rebuild: true, recalibrate: false });
    const overlapRatio = b.chunk.overlapRatio === 0 ? 0.1 : 0;
    expect(settingsCost(b, { ...b, chunk: { ...b.chunk, overlapRatio } })).toEqual({ newEmbedder: false, rebuild: true, recalibrate: false });
  });

  it("the other spelling of the same model (\":latest\") costs nothing", () => {
    expect(settingsCost(base(), { ...base(), embedModel: "nomic-embed-text:latest" })).toEqual({ newEmbedder: false, rebuild: false, recalibrate: false });
    expect(rebuildReasons(base(), { ...base(), embedModel: "nomic-embed-text:latest" })).toEqual([]);
  });

  it("new weights cost nothing but the new options", () => {
    const b = base();
    const next = { ...b, search: { ...b.search, weights: { bm25: 2, vector: 0.5, hyde: 0.1 } } };
    expect(settingsCost(b, next)).toEqual({ newEmbedder: false, rebuild: false, recalibrate: false });
  });

  it("turning auto-calibrate on calibrates; turning it off does not", () => {
    const off = { ...base(), search: { ...base().search, autoWeights: false } };
    const on = { ...base(), search: { ...base().search, autoWeights: true } };
    expect(settingsCost(off, on)).toEqual({ newEmbedder: false, rebuild: false, recalibrate: true });
    expect(settingsCost(on, off)).toEqual({ newEmbedder: false, rebuild: false, recalibrate: false });
  });
});
