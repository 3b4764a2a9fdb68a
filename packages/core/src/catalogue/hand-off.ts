/**
 * "Continue with another tool": which tools take a result as it is, read off the catalogue's accept
 * rules (format and size), so a result's FileId goes on without a download and a re-upload.
 */
import { type ToolDefinition, type ToolId, tools } from './catalogue.tools';

/** A result as the hand-off sees it: its format and size. */
export interface HandOffFile {
  fileExt: string;
  fileSize: number;
}

/** Whether `tool` accepts this stored file as an input (URL tools take none). */
export function acceptsFile(tool: ToolDefinition, file: HandOffFile): boolean {
  if (tool.input === 'url') return false;
  if (!tool.accept.extensions.includes(file.fileExt.toLowerCase())) return false;
  return tool.accept.maxSize === undefined || file.fileSize <= tool.accept.maxSize;
}

/** The catalogue's tools (in its order) that accept every one of `files`, except `from` itself. */
export function handOffTargets(files: readonly HandOffFile[], from?: ToolId): ToolDefinition[] {
  if (files.length === 0) return [];
  return tools.filter((tool) => tool.id !== from && files.every((file) => acceptsFile(tool, file)));
}
