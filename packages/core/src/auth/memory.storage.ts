/** A Web Storage in memory: for server-side rendering, embedded widgets without storage access, and tests. */
import type { KeyValueStorage } from './auth.types';

export class MemoryStorage implements KeyValueStorage {
  private readonly entries = new Map<string, string>();

  get length(): number {
    return this.entries.size;
  }
  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.entries.set(key, String(value));
  }
  removeItem(key: string): void {
    this.entries.delete(key);
  }
  clear(): void {
    this.entries.clear();
  }
}
