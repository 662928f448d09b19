import { describe, expect, it } from "vitest";
import { validatorOnFirstUse } from "../../../src/cli/mcp/mcp-server";

describe("validatorOnFirstUse", () => {
  it("makes the SDK's validator only when a schema is first given, and validates with it", () => {
    const v = validatorOnFirstUse();
    expect(v.made()).toBe(false);
    const check = v.getValidator<{ a: number }>({ type: "object", properties: { a: { type: "number" } }, required: ["a"] });
    expect(v.made()).toBe(true);
    expect(check({ a: 1 })).toMatchObject({ valid: true, data: { a: 1 } });
    expect(check({ a: "one" }).valid).toBe(false);
    expect(check({}).errorMessage).toMatch(/a/);
  });
});
