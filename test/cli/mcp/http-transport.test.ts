import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../src/cli/mcp/http-transport";

describe("refusalOf (mcp --http)", () => {
  it("lets /mcp through with no Origin or this server's own, whatever the query", () => {
    for (const origin of [undefined, "http://127.0.0.1:3000", "https://localhost:3000", "HTTP://LOCALHOST:3000"]) {
      expect(refusalOf("/mcp", origin, 3000)).toBeUndefined();
    }
    expect(refusalOf("/mcp?session=1", undefined, 3000)).toBeUndefined();
  });

  it("refuses other origins with 403 and other paths with 404", () => {
    for (const origin of ["null", "http://evil.example", "http://localhost:3001", "http://127.0.0.1", "http://127.0.0.1:3000.evil.example", "http://[::1]:3000"]) {
      expect(refusalOf("/mcp", origin, 3000)?.status).toBe(403);
    }
    for (const url of ["/", "/mcp/", "/mcp/x", "/sse", "/MCP", "//evil/mcp", undefined]) expect(refusalOf(url, undefined, 3000)?.status).toBe(404);
  });
});
