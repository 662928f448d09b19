import { type AppError } from "../result";
import type { SnapshotHeader } from "./snapshot";
import { failure } from "../errors/messages";
import { sameModelName } from "../ollama/model-name";

/** The settings the loaded index must have been built with. */
export interface SnapshotExpectations {
  /** Embedding model now configured; "" for none. */
  model: string;
  /** Vector length the model now produces; leave undefined when not known yet (then dims are not compared). */
  dims?: number;
  /** Hash of the chunking settings now in effect. */
  chunkingHash: string;
}

/** Names every setting that changed since the index was saved, or returns null when it still fits. */
export function describeMismatch(saved: SnapshotHeader, expect: SnapshotExpectations): AppError | null {
  const changes: string[] = [];
  if (!sameModelName(saved.model, expect.model)) {
    changes.push(`the embedding model changed from ${modelName(saved.model)} to ${modelName(expect.model)}`);
  } else if (expect.dims !== undefined && saved.dims !== expect.dims) {
    changes.push(`the model's vectors changed from ${saved.dims} to ${expect.dims} dimensions`);
  }
  if (saved.chunkingHash !== expect.chunkingHash) changes.push("the chunking settings changed");
  if (changes.length === 0) return null;
  return failure("indexSettingsChanged", { changes: changes.join(" and ") });
}

function modelName(model: string): string {
  return model === "" ? "none" : `"${model}"`;
}
