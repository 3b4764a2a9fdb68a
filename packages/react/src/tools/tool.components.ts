/**
 * Every tool component by catalogue id, read off the catalogue rather than listed again: the demo's
 * routes and the custom elements use this map.
 */
import { type ToolId, tools } from '@docstudio/core';
import type { ComponentType } from 'react';
import type { ToolProps } from '../shell';
import * as exported from './tool.exports';

/** 'pdf-to-word' -> 'PdfToWord', at the type level. */
type PascalCase<Kebab extends string> = Kebab extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<Kebab>;

/** The name a tool's component is exported under: its id in PascalCase ('pdf-to-word' -> 'PdfToWord'). */
export type ToolComponentName<Id extends ToolId = ToolId> = PascalCase<Id>;

export function toolComponentName<Id extends ToolId>(id: Id): ToolComponentName<Id> {
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('') as ToolComponentName<Id>;
}

// The compile-time check: a catalogue tool without a component exported under its name fails here.
const byName: Readonly<Record<ToolComponentName, ComponentType<ToolProps>>> = exported;

export const toolComponents: Readonly<Record<ToolId, ComponentType<ToolProps>>> = Object.fromEntries(
  tools.map((tool) => [tool.id, byName[toolComponentName(tool.id)]]),
) as Record<ToolId, ComponentType<ToolProps>>;
