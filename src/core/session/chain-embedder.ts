import type { EmbeddingCache } from "../ollama/embedding-cache";
import { OllamaEmbedder, type Embedder } from "../ollama/embedder";
import { endpointChain, type OllamaEndpoint } from "../ollama/endpoint-chain";
import { FallbackEmbedder } from "../ollama/fallback-embedder";
import { sameModelName } from "../ollama/model-name";
import type { OllamaClient } from "../ollama/ollama-client";
import type { OllamaHealth } from "../ollama/ollama-breaker";
import type { IndexService } from "../sync/control/index-service";
import type { PluginSettings } from "../settings/plugin-settings";
import { messageText } from "../errors/messages";

/** What the session gives the chain's embedders. */
export interface ChainEmbedderDeps {
  /** A client for one server, behind that server's breaker. */
  clientFor: (url: string) => OllamaClient;
  batchSize: number;
  cache?: EmbeddingCache;
  /** See `FallbackEmbedderOptions.recheckMs`. Default: its default. */
  recheckMs?: number;
  /** Tells the user which server embeds when that changes. Default: says nothing. */
  notify?: (message: string) => void;
}

/** The servers of the settings' chain (the first is the settings' URL and model). */
export function chainOf(s: PluginSettings): OllamaEndpoint[] {
  return endpointChain({ url: s.ollamaUrl, model: s.embedModel }, s.ollamaFallbacks);
}

/**
 * The embedder for the settings: one server as before, or a `FallbackEmbedder` over every server of the chain that
 * serves the model (the others only help its message).
 */
export function chainEmbedder(s: PluginSettings, deps: ChainEmbedderDeps): Embedder {
  const chain = chainOf(s);
  const [first] = chain;
  const one = (e: OllamaEndpoint): OllamaEmbedder =>
    new OllamaEmbedder(deps.clientFor(e.url), { model: e.model, batchSize: deps.batchSize, ...(deps.cache ? { cache: deps.cache } : {}) });
  if (!first || chain.length === 1) return one(first ?? { url: s.ollamaUrl, model: s.embedModel });
  const same = chain.filter((e) => sameModelName(e.model, first.model));
  const others = chain.filter((e) => !sameModelName(e.model, first.model));
  return new FallbackEmbedder(
    same.map((endpoint) => ({ endpoint, embedder: one(endpoint) })),
    {
      others,
      answers: async (e, signal) => (await deps.clientFor(e.url).version(signal)).ok,
      ...(deps.recheckMs !== undefined ? { recheckMs: deps.recheckMs } : {}),
      onSwitch: (to, firstServer) =>
        deps.notify?.(
          to.url === firstServer.url
            ? messageText("ollamaBackToFirst", { url: to.url })
            : messageText("ollamaFallbackInUse", { url: to.url, first: firstServer.url }),
        ),
    },
  );
}

/**
 * Texts left waiting while a server of the chain was stuck go as soon as any of them answers, not at the end of a
 * long backoff. The service is held weakly and dropped once it stops: a shared breaker outlives the sessions a
 * reader reloads. Returns the function that stops watching.
 */
export function watchChainBreakers(health: OllamaHealth, settings: PluginSettings, service: IndexService): () => void {
  const held = new WeakRef(service);
  const alive = (): boolean => held.deref()?.stopped === false;
  const unwatch = chainOf(settings).map((e) =>
    health.breakerFor(e.url).onChange((open) => {
      if (!open) held.deref()?.retryEmbedding();
    }, alive),
  );
  return () => unwatch.forEach((u) => u());
}
