import { OllamaBadResponseError } from "./ollama-errors";

/** One installed model, from `/api/tags`. */
export interface OllamaModelSummary {
  /** Full name with tag, e.g. "nomic-embed-text:latest". */
  name: string;
  /** Architecture family from the model details, e.g. "nomic-bert"; "" when Ollama does not say. */
  family: string;
  /** Size on disk in bytes; 0 when unknown. */
  sizeBytes: number;
  /** Human parameter count such as "137M"; "" when unknown. */
  parameterSize: string;
  /** Quantisation such as "F16"; "" when unknown. */
  quantization: string;
}

/** What `/api/show` tells us about one model. */
export interface OllamaModelInfo {
  /** The name that was asked for. */
  name: string;
  /** Architecture, e.g. "nomic-bert" or "llama"; "" when Ollama does not say. */
  family: string;
  /** Maximum input length in tokens (`<family>.context_length`), when reported. */
  contextLength?: number;
  /** Vector size (`<family>.embedding_length`), when reported. */
  embeddingLength?: number;
  /** `num_ctx` set in the model's parameters, when present; Ollama runs the model with this window. */
  numCtx?: number;
  /** E.g. ["embedding"] or ["completion", "tools"]; empty on Ollama versions that don't report capabilities. */
  capabilities: string[];
}

export function parseModelInfo(name: string, body: unknown): OllamaModelInfo {
  if (!isRecord(body)) throw new OllamaBadResponseError("/api/show did not return an object");
  const details = isRecord(body.details) ? body.details : {};
  const modelInfo = isRecord(body.model_info) ? body.model_info : {};
  const arch = stringField(modelInfo, "general.architecture") || stringField(details, "family");
  const info: OllamaModelInfo = {
    name,
    family: arch,
    capabilities: Array.isArray(body.capabilities)
      ? body.capabilities.filter((c): c is string => typeof c === "string")
      : [],
  };
  const contextLength = archNumber(modelInfo, arch, "context_length");
  const embeddingLength = archNumber(modelInfo, arch, "embedding_length");
  const numCtx = typeof body.parameters === "string" ? /^\s*num_ctx\s+(\d+)\s*$/m.exec(body.parameters)?.[1] : undefined;
  if (contextLength !== undefined) info.contextLength = contextLength;
  if (embeddingLength !== undefined) info.embeddingLength = embeddingLength;
  if (numCtx !== undefined) info.numCtx = Number(numCtx);
  return info;
}

export function parseModelList(body: unknown): OllamaModelSummary[] {
  if (!isRecord(body) || !Array.isArray(body.models)) {
    throw new OllamaBadResponseError("/api/tags did not return a model list");
  }
  return body.models.filter(isRecord).map((m) => {
    const details = isRecord(m.details) ? m.details : {};
    return {
      name: stringField(m, "name") || stringField(m, "model"),
      family: stringField(details, "family"),
      sizeBytes: typeof m.size === "number" ? m.size : 0,
      parameterSize: stringField(details, "parameter_size"),
      quantization: stringField(details, "quantization_level"),
    };
  });
}

/** Looks up `<arch>.<key>`; falls back to any `*.<key>` because some models report a family that differs from the prefix. */
function archNumber(info: Record<string, unknown>, arch: string, key: string): number | undefined {
  const direct = info[`${arch}.${key}`];
  if (isPositiveInt(direct)) return direct;
  for (const [k, v] of Object.entries(info)) {
    if (k.endsWith(`.${key}`) && isPositiveInt(v)) return v;
  }
  return undefined;
}

function isPositiveInt(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v > 0;
}

function stringField(obj: Record<string, unknown>, key: string): string {
  const v = obj[key];
  return typeof v === "string" ? v : "";
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
