import type { Embedder } from "../../ollama/embedder";
import { ok, type AppError, type Result } from "../../result";
import type { Scheduler } from "./scheduler";
import { afterOthers } from "../../shared/after-others";

/** Delay before asking again about a model that was missing or could not embed (the user may pull it meanwhile). */
export const MODEL_RECHECK_MS = 60_000;

/** What the gate reports back to the actor. */
export interface ModelGateHooks {
  scheduler: Scheduler;
  /** The model can't be used; the error stands until a later check passes. */
  fail(e: AppError): void;
  /** The model passed its check. */
  passed(): void;
  /** `MODEL_RECHECK_MS` after a failed check: a new check should be asked for. */
  recheck(): void;
}

/**
 * Whether the embedder's model may embed. A new model is checked before anything built with the old one is
 * discarded, so a mistyped or missing model never costs the vectors on disk; while it fails, nothing embeds.
 */
export class ModelGate {
  private state: "due" | "checking" | "failed" | undefined;
  private cancelRecheck: (() => void) | undefined;
  /** The check in flight, cut short when it is no longer the one that counts (a newer request, or the actor stops). */
  private inFlight: AbortController | undefined;

  constructor(private readonly hooks: ModelGateHooks) {}

  /** A check must run before anything else. */
  get due(): boolean {
    return this.state === "due";
  }

  /** The last check said the model can't be used. */
  get failed(): boolean {
    return this.state === "failed";
  }

  /** A check was sent and Ollama has not answered it yet: nothing may embed until it does. */
  get checking(): boolean {
    return this.state === "checking";
  }

  /** No check is due, in flight or failed: the model may embed. */
  get open(): boolean {
    return this.state === undefined;
  }

  request(): void {
    this.cancel();
    this.state = "due";
  }

  /**
   * Checks `embedder`'s model (see `checkModel`); on failure asks again after `MODEL_RECHECK_MS`. Resolves false,
   * changing nothing, when the check stopped counting before it was answered (a newer request, or `cancel`). `later`:
   * the gate says "checking" at once, but the question is sent only after what is already waiting had its turn (the
   * process's first request to Ollama costs about 0.1 s of CPU: Node loads its fetch then). Default false.
   */
  async check(embedder: Embedder | undefined, later = false): Promise<boolean> {
    this.cancel();
    const asked = (this.inFlight = new AbortController());
    this.state = "checking";
    if (later) await afterOthers();
    const checked = asked.signal.aborted ? ok(undefined) : await checkModel(embedder, asked.signal);
    if (asked.signal.aborted) return false;
    this.inFlight = undefined;
    if (checked.ok) {
      this.state = undefined;
      this.hooks.passed();
      return true;
    }
    this.state = "failed";
    this.hooks.fail(checked.error);
    this.cancelRecheck = this.hooks.scheduler.setTimer(MODEL_RECHECK_MS, () => {
      this.cancelRecheck = undefined;
      this.hooks.recheck();
    });
    return false;
  }

  /**
   * Calls off a pending recheck and a check in flight (the actor stops, or a newer check is asked for). A check
   * called off was never answered, so one is due again: nothing reads "checking" for a request nobody waits on.
   */
  cancel(): void {
    this.cancelRecheck?.();
    this.cancelRecheck = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
    if (this.state === "checking") this.state = "due";
  }
}

/**
 * Asks whether `embedder`'s model can be used. Only a definite answer fails (the model is not installed, or makes no
 * embeddings); Ollama being unreachable or erroring is not an answer about the model, and is left to the retries of
 * embedding itself.
 */
async function checkModel(embedder: Embedder | undefined, signal: AbortSignal): Promise<Result<void>> {
  if (!embedder?.check) return ok(undefined);
  const checked = await embedder.check(signal);
  return checked.ok || !isWrongModel(checked.error) ? ok(undefined) : checked;
}

function isWrongModel(e: AppError): boolean {
  return e.code === "OLLAMA_MODEL_MISSING" || e.code === "OLLAMA_NOT_EMBEDDING_MODEL";
}
