import { describe, expect, it } from "vitest";
import { ownString } from "../../../src/core/shared/own-string";

describe("ownString", () => {
  it("gives back the same characters, whatever the string", () => {
    const file = `---\ntitle: A fairly long title for a note\n---\n# Heading of the note\n\nBody text 🦊 with ünïcödé and "quotes".\n`;
    const cases = ["", "a", "twelve chars", "thirteen char", file, file.slice(4, 40), file.slice(file.indexOf("#")), "🦊".repeat(20), "\u0000\uFEFF\n", "lone \uD83D surrogate in a title", "quotes \" and \\ backslashes \t tab"];
    for (const s of cases) {
      const owned = ownString(s);
      expect(owned).toBe(s);
      expect(owned.length).toBe(s.length);
    }
  });
});
