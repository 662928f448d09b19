import { expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";
import { SearchStore } from "../../../src/ui/search/search-store";
import { ManualTimers } from "../fake-timers";

it("the search modal says a path: or tag: filter matches no note, with the closest folder or tag, as the user types", () => {
  const index = new ChunkIndex(0);
  const notes = {
    "Runbooks/Postgres backup.md": "---\ntags: [ops]\n---\n# Postgres backup\n\nNightly base backups.\n",
    "Garden/Tomatoes.md": "# Tomatoes\n\n#garden\n\nWater every morning.\n",
  };
  for (const [path, md] of Object.entries(notes)) index.addNote(chunkNote(path, md));
  const engine = new SearchEngine({ index });
  engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false });
  const store = new SearchStore({
    search: { searchKeyword: (req) => engine.searchKeyword(req), search: (req) => engine.search(req) },
    timers: new ManualTimers(),
    debounceMs: 150,
    limit: () => undefined,
    ollamaUrl: () => "http://127.0.0.1:11434",
  });
  store.input("backup path:Runbook ");
  expect(store.state.results).toEqual([]);
  expect(store.state.status.map((l) => l.text)).toContain("No note matches path:Runbook; closest folder or note: Runbooks.");
  store.input("water tag:gardne");
  expect(store.state.status.map((l) => l.text)).toContain("No note matches tag:gardne; closest tag: garden.");
});
