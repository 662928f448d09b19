/**
 * Compiles one of our small WebAssembly kernels from its base64 bytes and hands back its memory and the named
 * function, or null where WebAssembly is missing or refuses the module (callers then use their JS loop).
 */
export function instantiateKernel(base64: string, name: string): { memory: WebAssembly.Memory; fn: unknown } | null {
  const kernel = instantiateKernelFns(base64, [name]);
  return kernel === null ? null : { memory: kernel.memory, fn: kernel.fns[0] };
}

/** `instantiateKernel` for a module with several functions over one memory: `fns` in the order of `names`. */
export function instantiateKernelFns(base64: string, names: readonly string[]): { memory: WebAssembly.Memory; fns: unknown[] } | null {
  try {
    if (typeof WebAssembly !== "object") return null;
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    if (!WebAssembly.validate(bytes)) return null;
    // Synchronous compilation is allowed for a module this small (a few hundred bytes), also on a page's main thread.
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    const memory = instance.exports.memory;
    const fns = names.map((name) => instance.exports[name]);
    if (!(memory instanceof WebAssembly.Memory) || fns.some((fn) => typeof fn !== "function")) return null;
    return { memory, fns };
  } catch {
    return null;
  }
}

/** WebAssembly's page size: memory grows in whole pages. */
const PAGE_BYTES = 65_536;

/**
 * Grows a kernel's memory to at least `needed` bytes. Growing detaches every view taken of the old buffer, so
 * kernels take their views per call, after this.
 */
export function ensureKernelBytes(memory: WebAssembly.Memory, needed: number): void {
  const have = memory.buffer.byteLength;
  if (have < needed) memory.grow(Math.ceil((needed - have) / PAGE_BYTES));
}
