import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { indexFilesBytes } from "../node/saved-index";
import { describeHolder } from "../../core/persist/lock/lock-holder";
import type { LiveVault } from "../live-vault";
import { guarded, jsonResult } from "./tool-result";

/** Registers `status`: what the index holds, how fresh it is, who writes it, and the last error. */
export function registerStatusTool(server: McpServer, live: LiveVault, watching: boolean, log?: (line: string) => void): void {
  server.registerTool(
    "status",
    {
      title: "Index status",
      description:
        "The vault index: notes, chunks, chunks waiting for embeddings, model, when it was last saved, file size, " +
        "last error, who writes it (\"this server\", the other process, or \"none\"). ready is false until the server has checked the notes against the saved index; searches meanwhile answer from the index as last saved and say so in their notices.",
    },
    guarded("The status request", log, async () => {
      const { session, embedding, layout, lock } = live.vault;
      const s = session.service.status();
      const indexBytes = await indexFilesBytes(layout.dataDir);
      const savedAt = await live.lastSavedAt();
      return jsonResult({
        vault: layout.vaultDir,
        ready: live.ready,
        notes: s.notes,
        chunks: s.chunks,
        pendingEmbeddings: s.pendingEmbeddings,
        phase: s.phase,
        model: embedding.kind === "none" ? null : embedding.model,
        embedding: embedding.kind,
        lastIndexedAt: savedAt === undefined ? null : new Date(savedAt).toISOString(),
        indexFileBytes: indexBytes,
        lastError: s.lastError ? s.lastError.message : null,
        writer: lock.lock.held ? "this server" : lock.lock.holder ? describeHolder(lock.lock.holder) : "none",
        watching,
        unindexedNotes: s.unindexedNotes.map((n) => n.path),
        analysisFallbacks: s.analysisFallbacks,
        vectorsFromFolder: s.vectorsFromFolder,
        // The server embeddings come from now (a fallback of the chain when the first is away).
        ...(embedding.kind === "ollama" ? { ollamaUrl: live.session.ollamaInUse()?.url ?? null } : {}),
        ...(live.vault.extras.length > 0 ? { extraFolders: live.vault.extras.map((e) => ({ path: e.root.dir, prefix: e.root.prefix })) } : {}),
      });
    }),
  );
}
