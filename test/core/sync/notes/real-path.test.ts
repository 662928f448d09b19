import { describe, expect, it } from "vitest";
import { judgeRealPath } from "../../../../src/core/sync/notes/real-path";

describe("judgeRealPath", () => {
  it("accepts a note whose real path is where its vault path says", () => {
    expect(judgeRealPath("/v", "/v/Sub/a.md", "Sub/a.md", "/")).toBe("same");
    expect(judgeRealPath("C:\\Vault", "C:\\Vault\\Sub\\a.md", "Sub/a.md", "\\")).toBe("same");
    // A case-insensitive disk gives its own spelling back; NFD from an old macOS disk is the same name.
    expect(judgeRealPath("/v", "/v/sub/A.md", "Sub/a.md", "/")).toBe("same");
    expect(judgeRealPath("/v", "/v/Cafe\u0301.md", "Café.md", "/")).toBe("same");
    expect(judgeRealPath("/", "/a.md", "a.md", "/")).toBe("same");
  });

  it("tells a link inside the vault from one that leaves it", () => {
    expect(judgeRealPath("/v", "/v/Other/b.md", "Sub/a.md", "/")).toBe("aliased");
    expect(judgeRealPath("/v", "/etc/passwd", "a.md", "/")).toBe("outside");
    expect(judgeRealPath("/v", "/vault2/a.md", "a.md", "/")).toBe("outside");
    expect(judgeRealPath("/v", "/v", "a.md", "/")).toBe("outside");
    expect(judgeRealPath("C:\\Vault", "D:\\Vault\\a.md", "a.md", "\\")).toBe("outside");
  });
});
