import type { OptionDefinition, ToolDefinition } from '@docstudio/core';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { HeadingLevel } from '../primitives';
import type { StudioMessages } from '../provider';
import type { ToolState, ToolStore } from './tool.store';

/** What a tool's parts read: its catalogue entry (with text overrides applied), messages and store. */
export interface ToolContextValue {
  tool: ToolDefinition;
  /** Anatomy scope: the tool id. */
  scope: string;
  messages: StudioMessages;
  store: ToolStore;
  /** Options with label, hint, placeholder and choice overrides applied. */
  options: readonly OptionDefinition[];
  /** The rank of the tool's own heading; the headings of its cards and lists sit one below. */
  headingLevel: HeadingLevel;
}

export const ToolContext = createContext<ToolContextValue | null>(null);

export function useToolContext(): ToolContextValue {
  const value = useContext(ToolContext);
  if (!value) throw new Error('docstudio: tool parts must be rendered inside a ToolShell');
  return value;
}

/** Reads this instance's store with a selector (re-renders only when the selection changes). */
export function useToolState<T>(selector: (state: ToolState) => T): T {
  const { store } = useToolContext();
  return useStore(store, selector);
}

export function useToolActions() {
  const { store } = useToolContext();
  return store.getState();
}
