import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { indexNotes } from "../../fakes/markdown-index";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";

const NOTES: Record<string, string> = {
  "de/garten.md": "# Gartenarbeit\n\nIm Frühling pflanzen wir die Tomaten in den Garten. Die Pflanzen brauchen viel Wasser und Sonne.",
  "de/buch.md": "# Bücher\n\nIch lese gerne Bücher über die Geschichte der Städte in Europa.",
  "sv/katt.md": "# Katter\n\nKatterna sover på soffan och hundarna leker i trädgården hela dagen. Det är en lugn dag, men de är hungriga.",
  "ru/dom.md": "# Дом\n\nМы построили новый деревянный дом у озера, и теперь там живут наши родители.",
  "tr/kitap.md": "# Kitaplar\n\nKitaplarımızı kütüphaneden ödünç aldık ve akşamları birlikte okuyoruz. Bu kitaplar için çok teşekkür ederiz, ama daha fazla zaman gerekiyor.",
  "ja/mail.md": "# メール\n\nメッセージを送信する前に、アカウント設定を確認してください。",
  "zh/sync.md": "# 同步\n\n在所有设备之间同步你的笔记，需要先登录账户。",
  "th/cook.md": "# อาหาร\n\nวันนี้เราจะทำอาหารไทยแบบง่ายๆ ที่บ้านกับครอบครัว",
  "km/school.md": "# សាលា\n\nខ្ញុំរៀនភាសាខ្មែរនៅសាលារៀនជាមួយមិត្តភក្តិ",
  "lo/food.md": "# ອາຫານ\n\nພວກເຮົາກິນເຂົ້າໜຽວກັບປາແດກ",
  "en/publish.md": "# Publishing\n\nPublish your notes as a website. Sync keeps them on every device. Canvas boards show ideas.",
  "en/garden.md": "# Garden\n\nThe tomatoes in the garden need water every morning.",
};

const top = (idx: ChunkIndex, query: string, opts: { maxEdits?: number; prefixLast?: boolean } = {}): string[] =>
  idx.keywordSearch(query, { limit: 3, ...opts }).map((h) => h.id.replace(/#\d+$/, ""));

describe("keyword search across languages", () => {
  const idx = indexNotes(NOTES);

  it("knows which languages it holds", () => {
    expect(idx.languages().map((l) => l.code).sort()).toEqual(["de", "en", "ru", "sv", "tr"]);
  });

  it.each([
    ["Tomate pflanzt", "de/garten.md"],
    ["Buch Geschichte Stadt", "de/buch.md"],
    ["katten sover", "sv/katt.md"],
    ["деревянные дома", "ru/dom.md"],
    ["kitap kütüphane", "tr/kitap.md"],
    ["publishing", "en/publish.md"],
  ])("finds an inflected form: %s", (query, path) => {
    expect(top(idx, query)[0]).toBe(path);
  });

  it.each([
    ["メッセージ", "ja/mail.md"],
    ["ッセー", "ja/mail.md"],
    ["アカウント設", "ja/mail.md"],
    ["设备之", "zh/sync.md"],
    ["同步你", "zh/sync.md"],
    ["อาหารไท", "th/cook.md"],
    ["ครอบครั", "th/cook.md"],
    ["ភាសាខ្មែ", "km/school.md"],
    ["ខ្មែរនៅសា", "km/school.md"],
    ["ເຂົ້າໜຽ", "lo/food.md"],
  ])("finds a fragment of an unspaced script cut mid-word: %s", (query, path) => {
    expect(top(idx, query)[0]).toBe(path);
  });

  it.each([
    ["canvs", "en/publish.md"],
    ["publsh", "en/publish.md"],
    ["sycn", "en/publish.md"],
    ["Gartn", "de/garten.md"],
    ["Geschihte", "de/buch.md"],
    ["trädgårdn", "sv/katt.md"],
    ["деревяный", "ru/dom.md"],
  ])("corrects a typo: %s", (query, path) => {
    expect(top(idx, query)[0]).toBe(path);
    expect(top(idx, query, { maxEdits: 0 })).not.toContain(path);
  });

  it("ranks a correction below the word itself", () => {
    const extra = indexNotes(NOTES);
    extra.addNote(chunkNote("en/garde.md", "# Guard\n\nThe garde stands at the gate."));
    expect(top(extra, "garde")[0]).toBe("en/garde.md");
    expect(top(extra, "garden")[0]).toBe("en/garden.md");
  });

  it("prefers the note holding a word close to the typo over notes that only share its stem", () => {
    const vault = new ChunkIndex(0);
    for (let i = 0; i < 6; i++) {
      vault.addNote(chunkNote(`general-${i}.md`, "# General\n\nGeneral settings generate general output in general."));
    }
    vault.addNote(chunkNote("generators.md", "# Site\n\nStatic site generators build pages."));
    expect(top(vault, "geneaators")[0]).toBe("generators.md");
    expect(top(vault, "epxorts")).toEqual([]);
  });

  it("never corrects words of three letters or fewer", () => {
    expect(top(idx, "sun")).toEqual([]);
  });

  it("searches the stop words of a short query, drops them from a long one, and counts a repeated word twice", () => {
    expect(top(idx, "men de är")).toEqual(["sv/katt.md"]);
    const long = "the tomatoes in the garden need water every morning";
    const question = "what is it that the tomatoes in the garden need every morning";
    expect(top(idx, long)[0]).toBe("en/garden.md");
    expect(idx.keywordSearch(question, { limit: 5 })[0]?.score).toBeCloseTo(
      idx.keywordSearch("tomatoes garden need every morning", { limit: 5 })[0]?.score ?? 0,
    );
    const once = idx.keywordSearch("garden tomatoes", { limit: 5 });
    const twice = idx.keywordSearch("garden garden tomatoes", { limit: 5 });
    expect(twice[0]?.score ?? 0).toBeGreaterThan(once[0]?.score ?? 0);
  });

  it("takes the language from frontmatter when the text gives too little evidence", () => {
    const one = new ChunkIndex(0);
    one.addNote(chunkNote("a.md", "---\nlang: de\n---\n# Häuser\n\nHäuser"));
    one.addNote(chunkNote("b.md", "# Houses\n\nHouses"));
    expect(one.languages().map((l) => l.code).sort()).toEqual(["de", "en"]);
    expect(top(one, "Haus")[0]).toBe("a.md");
  });
});

describe("did you mean", () => {
  it("suggests words of the vault, as written in a note, when nothing matches", () => {
    const engine = new SearchEngine({ index: indexNotes(NOTES) });
    engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, typoTolerance: 0 });
    const res = engine.searchKeyword({ query: "publsh canvs" });
    expect(res.results).toEqual([]);
    const notice = res.notices.find((n) => n.code === "DID_YOU_MEAN");
    expect(notice?.suggestion).toBe("publish canvas");
  });

  it("suggests the written word for a misspelt inflected one, and keeps its accents", () => {
    const engine = new SearchEngine({ index: indexNotes(NOTES) });
    engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, typoTolerance: 0 });
    expect(engine.searchKeyword({ query: "publishng" }).notices[0]?.suggestion).toBe("publishing");
    expect(engine.searchKeyword({ query: "tradgårdn" }).notices[0]?.suggestion).toBe("trädgården");
  });

  it("says nothing when there are results or nothing close", () => {
    const engine = new SearchEngine({ index: indexNotes(NOTES) });
    expect(engine.searchKeyword({ query: "garden" }).notices).toEqual([]);
    expect(engine.searchKeyword({ query: "xyzzyplugh" }).notices).toEqual([]);
  });
});

describe("bad input", () => {
  it("indexes any script, mixed scripts, emoji, right-to-left text and a 5 MB line without errors", () => {
    const idx = new ChunkIndex(0);
    const long = "word ".repeat(1_000_000);
    const notes = {
      "mixed.md": "Grüße 東京 Москва 🚀🔥 שלום עולם مرحبا بالعالم नमस्ते ∑∫ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ‮reversed‬ \u0000\uFFFD",
      "emoji.md": "👩‍👩‍👧‍👦 🏳️‍🌈 🇸🇪 ✨✨✨",
      "rtl.md": "# עברית\n\nהחתול ישן על הספה. القطة نائمة على الأريكة.",
      "long.md": long,
      "cjk-long.md": "漢字かなカタカナ".repeat(200_000),
    };
    for (const [path, md] of Object.entries(notes)) {
      expect(() => idx.addNote(chunkNote(path, md))).not.toThrow();
    }
    expect(top(idx, "שלום")).toContain("mixed.md");
    expect(top(idx, "مرحبا")).toContain("mixed.md");
    expect(top(idx, "カタカ")).toContain("cjk-long.md");
    expect(idx.keywordSearch("🚀", { limit: 3 })).toEqual([]);
  });
});

