import { describe, expect, it } from "vitest";
import { parseModePrefix, typingLastWord } from "../../../src/ui/search/query-mode";

describe("parseModePrefix", () => {
  it("reads k:, s: and h: at the start, in any case, and strips them", () => {
    expect(parseModePrefix("k: exact words", "hybrid")).toEqual({ mode: "keyword", query: "exact words", prefixed: true });
    expect(parseModePrefix("  S:meaning", "keyword")).toEqual({ mode: "semantic", query: "meaning", prefixed: true });
    expect(parseModePrefix("h: both", "semantic")).toEqual({ mode: "hybrid", query: "both", prefixed: true });
  });

  it("falls back to the toggle's mode without a prefix", () => {
    expect(parseModePrefix("plain query", "semantic")).toEqual({ mode: "semantic", query: "plain query", prefixed: false });
  });

  it("leaves filters and mid-query colons alone", () => {
    expect(parseModePrefix("tag:work plan", "hybrid").prefixed).toBe(false);
    expect(parseModePrefix("path:k notes", "hybrid").prefixed).toBe(false);
    expect(parseModePrefix("note k: later", "hybrid")).toMatchObject({ mode: "hybrid", prefixed: false });
    expect(parseModePrefix("x: other letter", "hybrid").prefixed).toBe(false);
  });
});

describe("typingLastWord", () => {
  it("is true while the last word is being typed, false after a space", () => {
    expect(typingLastWord("philo")).toBe(true);
    expect(typingLastWord("philosophy ")).toBe(false);
    expect(typingLastWord("")).toBe(false);
  });
});

describe("the r: prefix", () => {
  it("runs a hybrid search and asks for the rerank, whatever the toggle", () => {
    expect(parseModePrefix("r: tide pools", "keyword")).toEqual({ mode: "hybrid", query: "tide pools", prefixed: true, rerank: true });
    expect(parseModePrefix("R:tide", "semantic")).toMatchObject({ mode: "hybrid", rerank: true });
    expect(parseModePrefix("h: tide", "hybrid").rerank).toBeUndefined();
  });
});
