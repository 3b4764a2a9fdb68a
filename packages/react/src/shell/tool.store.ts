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
  /**
   * The chosen bytes. For a result handed over from another tool (`stored`) an empty placeholder
   * named after it: the request sends the stored FileId instead, never these bytes.
   */
  file: File;
  /** A result of an earlier conversion, kept by the server: sent as its FileId (no re-upload). */
  stored?: ConversionFile;
}

/** A stored result as a chosen file of another tool. */
export function storedSelection(id: string, stored: ConversionFile): SelectedFile {
  return { id, file: new File([], stored.fileName), stored };
}

/** The name and size a chosen file shows (a handed-over result's own, not its placeholder's). */
export const selectedName = (entry: SelectedFile): string => entry.stored?.fileName ?? entry.file.name;
export const selectedSize = (entry: SelectedFile): number => entry.stored?.fileSize ?? entry.file.size;

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
  /** Real upload progress (0..100) while the request body is sent; null before and after it. */
  uploadProgress: number | null;
  results: ConversionFile[];
  /**
   * Results the server stored ahead of the others while it converts (PDF to JPG: each page as it is
   * rendered), in result order; kept after a failure, since they stay downloadable.
   */
  readyResults: Array<{ index: number; file: ConversionFile }>;
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
  /** The person pressed Cancel: back to the chosen input, nothing reported as a failure. */
  cancel(): void;
  setProgress(progress: number): void;
  setUploadProgress(percent: number | null): void;
  /** One result stored ahead of the others (only while converting). */
  addReadyResult(file: ConversionFile, index: number): void;
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
  /** Results handed over from another tool, chosen from the start. */
  storedFiles?: readonly ConversionFile[];
  /** Results of an earlier visit (kept for the session): the tool opens complete, showing them. */
  results?: readonly ConversionFile[];
}): ToolStore {
  let nextId = 0;
  const newId = (prefix: string) => `${prefix}-${++nextId}`;
  const handedOver = (initial.storedFiles ?? []).map((stored) => storedSelection(newId('file'), stored));
  const recalled = handedOver.length === 0 ? [...(initial.results ?? [])] : [];
  const startStatus: ToolStatus =
    recalled.length > 0 ? 'complete' : initial.url || handedOver.length > 0 ? 'selected' : 'idle';
  return createStore<ToolState & ToolActions>()((set, get) => ({
    status: startStatus,
    files: handedOver,
    url: initial.url ?? '',
    values: { ...initial.values },
    ui: { ...initial.ui },
    fieldErrors: {},
    progress: recalled.length > 0 ? 100 : 0,
    uploadProgress: null,
    results: recalled,
    readyResults: [],
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
      set({
        status: 'converting',
        progress: 0,
        uploadProgress: null,
        results: [],
        readyResults: [],
        errorMessage: null,
        fieldErrors: {},
      });
    },
    cancel() {
      if (get().status !== 'converting') return;
      set({
        status: statusAfterInputChange({ files: get().files, url: get().url }),
        progress: 0,
        uploadProgress: null,
        readyResults: [],
        errorMessage: null,
      });
    },
    setProgress(progress) {
      if (get().status === 'converting') set({ progress });
    },
    setUploadProgress(uploadProgress) {
      if (get().status === 'converting') set({ uploadProgress });
    },
    addReadyResult(file, index) {
      if (get().status !== 'converting') return;
      const ready = [...get().readyResults.filter((entry) => entry.index !== index), { index, file }];
      set({ readyResults: ready.sort((a, b) => a.index - b.index) });
    },
    complete(results) {
      set({ status: 'complete', progress: 100, uploadProgress: null, results, readyResults: [] });
    },
    fail(message, fieldErrors = {}) {
      set({ status: 'failed', errorMessage: message, fieldErrors, progress: 0, uploadProgress: null });
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
