import { describe, expect, it } from "vitest";
import { runDemo } from "../../src/cli/demo-run";
import { DEMO_SEARCHES } from "../../src/cli/demo-searches";
import { captureIo, useDemoVaultWithOllama } from "./cli-harness";

const ctx = useDemoVaultWithOllama();

describe("npm run demo", () => {
  it("indexes keyword-only, says so, and runs every example with its expected top note", async () => {
    const { io, out, err } = captureIo();
    expect(await runDemo({ vault: ctx.vault.dir, ollama: undefined }, io)).toBe(0);
    const text = out();
    expect(text).toMatch(/Mode: keyword only/);
    expect(text).toMatch(/Keyword index: 22 notes/);
    for (const ex of DEMO_SEARCHES) expect(text).toContain(`search: ${ex.query}`);
    expect(text).toMatch(/search: pg_basebackup[\s\S]*?1\. Postgres backup and restore/);
    expect(text).toMatch(/search: quillfeather[\s\S]*?No matching notes\./);
    expect(err()).toBe("");
  });

  it("runs hybrid with an Ollama and never sends the private note", async () => {
    const { io, out } = captureIo();
    expect(await runDemo({ vault: ctx.vault.dir, ollama: { url: ctx.fake.url, model: "fake-embed" } }, io)).toBe(0);
    expect(out()).toMatch(/Mode: hybrid \(keyword \+ semantic\), embedding with fake-embed/);
    expect(out()).toMatch(/all embedded with fake-embed/);
    expect(out()).toMatch(/semantic #\d/);
    expect(ctx.fake.stats.inputs.some((t) => t.toLowerCase().includes("quillfeather"))).toBe(false);
  });

  it("goes on keyword-only, with the reason, when the model is not installed", async () => {
    ctx.fake.setFaults({ missingModel: true });
    const { io, out } = captureIo();
    expect(await runDemo({ vault: ctx.vault.dir, ollama: { url: ctx.fake.url, model: "fake-embed" } }, io)).toBe(0);
    expect(out()).toMatch(/fake-embed.*not installed[\s\S]*Going on with keyword search only[\s\S]*Mode: keyword only/);
  });
});
