import type { Embedder } from "../../ollama/embedder";
import { ok, type AppError, type Result } from "../../result";
import type { Scheduler } from "./scheduler";

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
  private state: "due" | "failed" | undefined;
  private cancelRecheck: (() => void) | undefined;

  constructor(private readonly hooks: ModelGateHooks) {}

  /** A check must run before anything else. */
  get due(): boolean {
    return this.state === "due";
  }

  /** The last check said the model can't be used. */
  get failed(): boolean {
    return this.state === "failed";
  }

  /** No check is due and none failed: the model may embed. */
  get open(): boolean {
    return this.state === undefined;
  }

  request(): void {
    this.state = "due";
  }

  /** Checks `embedder`'s model (see `checkModel`); on failure asks again after `MODEL_RECHECK_MS`. */
  async check(embedder: Embedder | undefined): Promise<boolean> {
    this.state = undefined;
    this.cancel();
    const checked = await checkModel(embedder);
    if (checked.ok) {
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

  /** Calls off a pending recheck (the actor stops). */
  cancel(): void {
    this.cancelRecheck?.();
    this.cancelRecheck = undefined;
  }
}

/**
 * Asks whether `embedder`'s model can be used. Only a definite answer fails (the model is not installed, or makes no
 * embeddings); Ollama being unreachable or erroring is not an answer about the model, and is left to the retries of
 * embedding itself.
 */
async function checkModel(embedder: Embedder | undefined): Promise<Result<void>> {
  if (!embedder?.check) return ok(undefined);
  const checked = await embedder.check();
  return checked.ok || !isWrongModel(checked.error) ? ok(undefined) : checked;
}

function isWrongModel(e: AppError): boolean {
  return e.code === "OLLAMA_MODEL_MISSING" || e.code === "OLLAMA_NOT_EMBEDDING_MODEL";
}
