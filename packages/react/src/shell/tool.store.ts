/**
 * The state of one tool instance. Each component creates its own store (createStore from
 * zustand/vanilla, handed down through a context), so two widgets on one page never share state.
 */
import type { ConversionFile } from '@docstudio/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldValue, ToastMessage, ToastVariant } from '../primitives';

export type ToolStatus = 'idle' | 'selected' | 'converting' | 'complete' | 'failed';

export interface SelectedFile {
  id: string;
  file: File;
}

export interface ToolState {
  status: ToolStatus;
  files: SelectedFile[];
  url: string;
  values: Record<string, FieldValue>;
  /** Page-only choices that are never sent as such (split mode, OCR output format). */
  ui: Record<string, string>;
  /** Messages under fields (server InvalidParameters or local checks), keyed by field name. */
  fieldErrors: Record<string, string>;
  progress: number;
  results: ConversionFile[];
  errorMessage: string | null;
  toasts: ToastMessage[];
}

export interface ToolActions {
  /** Single-file tools replace the selection; multi-file tools append. Clears any previous result. */
  addFiles(files: File[], mode: 'replace' | 'append'): void;
  removeFile(id: string): void;
  moveFile(id: string, direction: -1 | 1): void;
  setUrl(url: string): void;
  setValue(name: string, value: FieldValue): void;
  setUi(name: string, value: string): void;
  setFieldErrors(errors: Record<string, string>): void;
  startConverting(): void;
  setProgress(progress: number): void;
  complete(results: ConversionFile[]): void;
  fail(message: string, fieldErrors?: Record<string, string>): void;
  pushToast(variant: ToastVariant, title: string, message?: string): void;
  dismissToast(id: string): void;
}

export type ToolStore = StoreApi<ToolState & ToolActions>;

function hasInput(state: Pick<ToolState, 'files' | 'url'>): boolean {
  return state.files.length > 0 || state.url.length > 0;
}

/** After an input change: a new input clears the previous result and failure. */
function statusAfterInputChange(state: Pick<ToolState, 'files' | 'url'>): ToolStatus {
  return hasInput(state) ? 'selected' : 'idle';
}

export function createToolStore(initial: {
  values: Record<string, FieldValue>;
  ui?: Record<string, string>;
  url?: string;
}): ToolStore {
  let nextId = 0;
  const newId = (prefix: string) => `${prefix}-${++nextId}`;
  return createStore<ToolState & ToolActions>()((set, get) => ({
    status: initial.url ? 'selected' : 'idle',
    files: [],
    url: initial.url ?? '',
    values: { ...initial.values },
    ui: { ...initial.ui },
    fieldErrors: {},
    progress: 0,
    results: [],
    errorMessage: null,
    toasts: [],

    addFiles(files, mode) {
      if (files.length === 0 || get().status === 'converting') return;
      const added = files.map((file) => ({ id: newId('file'), file }));
      const next = mode === 'replace' ? added.slice(-1) : [...get().files, ...added];
      set({
        files: next,
        status: statusAfterInputChange({ files: next, url: get().url }),
        results: [],
        progress: 0,
        errorMessage: null,
      });
    },
    removeFile(id) {
      if (get().status === 'converting') return;
      const next = get().files.filter((entry) => entry.id !== id);
      set({
        files: next,
        status: statusAfterInputChange({ files: next, url: get().url }),
        results: [],
        progress: 0,
      });
    },
    moveFile(id, direction) {
      const files = [...get().files];
      const from = files.findIndex((entry) => entry.id === id);
      const to = from + direction;
      if (from < 0 || to < 0 || to >= files.length || get().status === 'converting') return;
      const [moved] = files.splice(from, 1);
      if (moved) files.splice(to, 0, moved);
      set({ files });
    },
    setUrl(url) {
      if (get().status === 'converting') return;
      set({
        url,
        status: statusAfterInputChange({ files: get().files, url }),
        results: [],
        progress: 0,
        errorMessage: null,
        fieldErrors: omit(get().fieldErrors, 'Url'),
      });
    },
    setValue(name, value) {
      set({ values: { ...get().values, [name]: value }, fieldErrors: omit(get().fieldErrors, name) });
    },
    setUi(name, value) {
      set({ ui: { ...get().ui, [name]: value }, fieldErrors: {} });
    },
    setFieldErrors(fieldErrors) {
      set({ fieldErrors });
    },
    startConverting() {
      set({ status: 'converting', progress: 0, results: [], errorMessage: null, fieldErrors: {} });
    },
    setProgress(progress) {
      if (get().status === 'converting') set({ progress });
    },
    complete(results) {
      set({ status: 'complete', progress: 100, results });
    },
    fail(message, fieldErrors = {}) {
      set({ status: 'failed', errorMessage: message, fieldErrors, progress: 0 });
    },
    pushToast(variant, title, message) {
      const toast: ToastMessage = { id: newId('toast'), variant, title, ...(message ? { message } : {}) };
      set({ toasts: [...get().toasts, toast] });
    },
    dismissToast(id) {
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    },
  }));
}

function omit(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}
