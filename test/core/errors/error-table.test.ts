import { describe, expect, it } from "vitest";
import { MESSAGE_AREAS, MESSAGES, type MessageId } from "../../../src/core/errors/error-table";
import { failure, messageText, settingsNamedBy } from "../../../src/core/errors/messages";
import { normalizeSettings } from "../../../src/core/settings/normalize-settings";
import { LIMITS } from "../../../src/core/settings/setting-limits";
import { FILE_ONLY_SETTINGS, SETTING_LABELS } from "../../../src/core/errors/setting-labels";

const ids = Object.keys(MESSAGES) as MessageId[];
const realLabels = new Set<string>([...Object.values(SETTING_LABELS), ...Object.values(FILE_ONLY_SETTINGS)]);

describe("the error table", () => {
  it("gives every id one message: no area repeats an id of another (a repeat would silently replace it)", () => {
    const perArea = MESSAGE_AREAS.map((area) => Object.keys(area));
    expect(perArea.flat()).toHaveLength(ids.length);
    expect(new Set(perArea.flat()).size).toBe(ids.length);
  });

  it("names a setting only through the labels of the settings tab, whenever a message mentions settings", () => {
    const mentions = ids.filter((id) => /\bsettings?\b/i.test(MESSAGES[id].template));
    expect(mentions.length).toBeGreaterThan(5);
    for (const id of mentions) {
      const named = settingsNamedBy(MESSAGES[id].template);
      expect(named.length, `${id} mentions settings but names none`).toBeGreaterThan(0);
      for (const key of named) expect(Object.keys(SETTING_LABELS), `${id} names ${key}`).toContain(key);
    }
  });

  it("fills every parameter and puts each setting's label in quotes", () => {
    for (const id of ids) {
      const names = [...MESSAGES[id].template.matchAll(/\{(?!setting:)([^}]+)\}/g)].map((m) => m[1] ?? "");
      const text = (messageText as (id: MessageId, params: Record<string, string>) => string)(
        id,
        Object.fromEntries(names.map((n) => [n, `<${n}>`])),
      );
      expect(text, id).not.toMatch(/\{[^}]*\}/);
      for (const key of settingsNamedBy(MESSAGES[id].template)) {
        expect(text).toContain(`"${SETTING_LABELS[key as keyof typeof SETTING_LABELS]}"`);
      }
    }
    expect(messageText("ollamaUnreachable", { url: "http://h:1" })).toBe(
      'Can\'t reach Ollama at http://h:1. Is it running? Start it with `ollama serve`, and check "Ollama URL" in settings.',
    );
  });

  it("does not send anyone to an Ollama timeout setting, which does not exist", () => {
    expect(MESSAGES.ollamaTimeout.template).not.toMatch(/timeout in settings/i);
  });

  it("builds an AppError with the entry's code and keeps the cause apart", () => {
    const e = failure("ollamaModelMissing", { model: "m" }, "HTTP 404");
    expect(e).toEqual({ code: "OLLAMA_MODEL_MISSING", message: "Model m is not installed. Run `ollama pull m`.", cause: "HTTP 404" });
    expect(failure("indexCorrupt", "vectors file: bad header")).toMatchObject({ code: "INDEX_CORRUPT", cause: "vectors file: bad header" });
  });
});

describe("settings named in load-time corrections", () => {
  it("are the settings tab's rows (or a place in data.json for the few it doesn't show)", () => {
    for (const [key, limit] of Object.entries(LIMITS)) {
      if (key !== "weight") expect(realLabels, key).toContain(limit.label);
    }
    const raw = {
      ollamaUrl: 5,
      embedModel: 5,
      batchSize: "x",
      search: { rrfK: "x", weights: { bm25: "x", vector: "x", hyde: "x" }, keywordQueryBoost: "x", autoWeights: "x", limit: "x", depthFactor: "x", minScore: "x", similarity: "x", hydeForKeywordQueries: "x", chunksPerNote: "x" },
      hyde: { enabled: "x", model: 5, promptTemplate: 5 },
      chunk: { maxTokens: "x", overlapRatio: "x" },
      debounceMs: "x",
      excludeFolders: 5,
      excludeGlobs: 5,
      excludeTags: 5,
      minNoteChars: "x",
      related: { limit: "x", hideLinked: "x" },
      version: 1,
    };
    const { errors } = normalizeSettings(raw);
    expect(errors.length).toBeGreaterThanOrEqual(20);
    for (const message of errors) {
      expect([...realLabels].some((label) => message.startsWith(label) || message.includes(`${label} `)), message).toBe(true);
    }
  });
});
