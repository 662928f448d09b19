import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHits, runCli } from "./cli-harness";
import { connectMcp, toolJson } from "./mcp-fixture";

/**
 * A small vault in Russian, Ukrainian and Bulgarian, written for this test. Before the Bulgarian stemmer was walled
 * off, the Bulgarian notes (and Cyrillic notes detected as Bulgarian) stopped indexing, and every search of an index
 * holding a Bulgarian chunk failed, in any language.
 */
const NOTES: Record<string, string> = {
  "ru/Ремонт крыши.md":
    "# Ремонт крыши\n\nВесной на даче протекла крыша над верандой. Мы с братом поднялись по лестнице и заменили три листа шифера.\n\nСтарые гвозди проржавели, поэтому купили новые, оцинкованные. Теперь после дождя на полу сухо.",
  "ru/Поездка в Суздаль.md":
    "# Поездка в Суздаль\n\nВ субботу мы поехали в Суздаль на электричке до Владимира, а дальше на автобусе.\n\nГуляли по монастырям, пили медовуху и купили соленые огурцы на рынке. Вернулись поздно вечером, очень уставшие.",
  "uk/Вареники з вишнями.md":
    "# Вареники з вишнями\n\nБабуся навчила мене ліпити вареники з вишнями. Тісто треба замісити на кефірі й дати йому відпочити пів години.\n\nВишні я виймаю з кісточок напередодні, щоб стік сік. Варю вареники невеликими порціями і подаю зі сметаною.",
  "uk/Зламаний ноутбук.md":
    "# Зламаний ноутбук\n\nУчора мій ноутбук перестав вмикатися. Майстер у сервісі сказав, що згоріла материнська плата.\n\nРемонт коштуватиме майже як новий комп'ютер, тому я думаю про покупку. Добре, що всі документи були в хмарі.",
  "bg/Сравнения на цените.md":
    "# Сравнения на цените\n\nВсяка седмица правя сравнения на цените в трите магазина до нас. Зеленчуците на пазара са по-евтини от тези в супермаркета.\n\nСобствениците на малките магазини често дават отстъпка на постоянните клиенти. Така спестявам около двайсет лева на месец.",
  "bg/Песента на дядо.md":
    "# Песента на дядо\n\nДядо ми пееше една стара песен за планината и овчарите. Никой от нас не помнеше думите.\n\nНамерих записа в стара касета в гардероба. Сега песента звучи на всеки семеен празник и всички пеят заедно.",
  "en/Bread.md": "# Bread\n\nSourdough bread needs a starter that is fed every day.",
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hvs-cyrillic-"));
  for (const [path, text] of Object.entries(NOTES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const top = async (query: string): Promise<string[]> => {
  const run = await runCli(["search", "--vault", dir, "--mode", "keyword", "--json", "--limit", "3", query]);
  expect(run.code, run.stderr).toBe(0);
  return parseHits(run.stdout).map((h) => h.path);
};

describe("a vault in Russian, Ukrainian and Bulgarian", () => {
  it("indexes every note through `index`", async () => {
    const run = await runCli(["index", "--vault", dir]);
    expect(run.stderr).toContain("Keyword index: 7 notes");
    expect(run.stderr).not.toContain("could not");
    expect(run.code).toBe(0);
  });

  it.each([
    // Words as the notes have them.
    ["сравнения на цените", "bg/Сравнения на цените.md"],
    ["медовуху", "ru/Поездка в Суздаль.md"],
    ["материнська плата", "uk/Зламаний ноутбук.md"],
    // Other inflected forms than the notes use.
    ["крышу шифером", "ru/Ремонт крыши.md"],
    ["монастырей электричкой", "ru/Поездка в Суздаль.md"],
    ["вареника вишні", "uk/Вареники з вишнями.md"],
    ["ноутбука майстра", "uk/Зламаний ноутбук.md"],
    ["магазините пазарите", "bg/Сравнения на цените.md"],
    ["собственик", "bg/Сравнения на цените.md"],
    ["песни касетата", "bg/Песента на дядо.md"],
    // Misspelt.
    ["оцинкованые гвозди", "ru/Ремонт крыши.md"],
    ["варенки", "uk/Вареники з вишнями.md"],
    ["планинта", "bg/Песента на дядо.md"],
  ])("finds %s", async (query, note) => {
    expect((await top(query))[0]).toBe(note);
  });

  it("still answers English after Cyrillic queries", async () => {
    expect((await top("sourdough"))[0]).toBe("en/Bread.md");
  });

  // A child process through tsx: slow to start on a busy machine.
  it("answers the same over MCP, query after query, without the server going away", { timeout: 90_000 }, async () => {
    const mcp = await connectMcp(["--vault", dir]);
    try {
      for (const [query, note] of [["сравнения", "bg/Сравнения на цените.md"], ["вишнями", "uk/Вареники з вишнями.md"], ["sourdough", "en/Bread.md"]]) {
        const out = toolJson<{ results: { path: string }[] }>(await mcp.client.callTool({ name: "search", arguments: { query, mode: "keyword" } }));
        expect(out.results[0]?.path).toBe(note);
      }
      const status = toolJson<{ notes: number; unindexedNotes: string[]; analysisFallbacks: number }>(await mcp.client.callTool({ name: "status", arguments: {} }));
      expect(status).toMatchObject({ notes: 7, unindexedNotes: [], analysisFallbacks: 0 });
    } finally {
      await mcp.close();
    }
  });
});
