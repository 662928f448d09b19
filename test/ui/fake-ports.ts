import type { PluginSettings } from "../../src/core/settings/plugin-settings";
import { defaultSettings } from "../../src/core/settings/plugin-settings";
import type { IndexProgress, IndexStatusPort, SettingsPort } from "../../src/ui/ports";
import { progress } from "./fixtures";

/** An index service stand-in: reports what the test emits and records pause, resume and rebuild. */
export class FakeStatus implements IndexStatusPort {
  current: IndexProgress & { fileBytes?: number } = progress({ notes: 3, chunks: 9 });
  paused = false;
  rebuilds = 0;
  private readonly listeners = new Set<(p: IndexProgress) => void>();

  onProgress(cb: (p: IndexProgress) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** How many listeners are subscribed now. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  status(): IndexProgress & { fileBytes?: number } {
    return this.current;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  rebuild(): Promise<void> {
    this.rebuilds++;
    return Promise.resolve();
  }

  emit(p: Partial<IndexProgress & { fileBytes: number }>): void {
    this.current = { ...this.current, ...p };
    for (const cb of this.listeners) cb(this.current);
  }
}

/** Settings kept in memory; every save is recorded. */
export class MemorySettings implements SettingsPort {
  readonly saved: PluginSettings[] = [];
  constructor(public current: PluginSettings = defaultSettings()) {}

  get(): PluginSettings {
    return this.current;
  }

  save(next: PluginSettings): Promise<void> {
    this.current = next;
    this.saved.push(next);
    return Promise.resolve();
  }
}
