/**
 * The one typed event map of docstudio (DESIGN.md, Events). React exposes these as `on` + PascalCase
 * callbacks with the same detail object; custom elements dispatch `docstudio-` + name as bubbling,
 * composed CustomEvents with the same detail.
 */
import type { ConversionError } from '../api/conversion.errors';
import type { ConversionFile, UploadProgress } from '../api/conversion.types';

export type StepStatus = 'pending' | 'running' | 'completed' | 'error';

export interface StudioEventMap {
  /** Files were accepted into a tool or a workflow run (after accept rules). */
  'file-added': { files: readonly File[]; source?: string };
  /** Upload or simulated progress of a conversion, 0..100. */
  'conversion-progress': { percent: number; upload?: UploadProgress; source?: string };
  /** A conversion (or a whole workflow run) finished with these result files. */
  'conversion-complete': { files: readonly ConversionFile[]; source?: string };
  /** A conversion failed; `message` is what the user is shown. */
  'conversion-error': { message: string; error: ConversionError | Error | unknown; source?: string };
  /** A workflow step changed status. `index` is 0-based, `order` is the step's 1-based order. */
  'step-change': { index: number; order: number; status: StepStatus; endpoint: string; message?: string };
}

export type StudioEventName = keyof StudioEventMap;

export type StudioEventListener<Name extends StudioEventName> = (detail: StudioEventMap[Name]) => void;

/** DOM event name of a core event (`docstudio-conversion-complete`). */
export const domEventName = <Name extends StudioEventName>(name: Name): `docstudio-${Name}` =>
  `docstudio-${name}`;

/** React callback prop name of a core event (`onConversionComplete`). */
export function callbackPropName(name: StudioEventName): string {
  return `on${name.replace(/(^|-)([a-z])/g, (_m, _dash: string, letter: string) => letter.toUpperCase())}`;
}

export interface StudioEmitter {
  on<Name extends StudioEventName>(name: Name, listener: StudioEventListener<Name>): () => void;
  off<Name extends StudioEventName>(name: Name, listener: StudioEventListener<Name>): void;
  emit<Name extends StudioEventName>(name: Name, detail: StudioEventMap[Name]): void;
}

/**
 * A small typed emitter. A throwing listener is reported to the console and does not stop the others
 * or the conversion that emitted the event.
 */
export function createStudioEmitter(): StudioEmitter {
  const listeners = new Map<StudioEventName, Set<(detail: never) => void>>();
  const off: StudioEmitter['off'] = (name, listener) => {
    listeners.get(name)?.delete(listener as (detail: never) => void);
  };
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener as (detail: never) => void);
      return () => off(name, listener);
    },
    off,
    emit(name, detail) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as StudioEventListener<typeof name>)(detail);
        } catch (error) {
          console.error(`docstudio: a ${name} listener threw`, error);
        }
      }
    },
  };
}
