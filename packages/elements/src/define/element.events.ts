/**
 * The DOM events of the docstudio elements and their `detail`s, by name: what a listener gets from
 * `element.addEventListener('docstudio-complete', (event) => event.detail.files)`. The element tag
 * typings of the npm package (dist/tags.d.ts, generated from src/manifest) add them to every
 * element's and the document's event map, since the events bubble and cross shadow roots.
 */
import type { ConversionFile, ToolId, Workflow } from '@docstudio/core';
import type { ToolStatus } from '@docstudio/react';

/** The `data-state` of a workflow screen that `docstudio-change` reports (see the README per screen). */
export type WorkflowElementState =
  | 'loading'
  | 'empty'
  | 'ready'
  | 'editing'
  | 'saving'
  | 'running'
  | 'complete'
  | 'failed'
  | 'missing'
  | 'visitor';

export interface DocstudioEventDetails {
  /** A conversion (or a workflow run) ended well: the result files. */
  'docstudio-complete': { files: ConversionFile[] };
  /** A conversion (or a workflow run) failed. */
  'docstudio-error': { error: Error };
  /**
   * 'Continue with another tool' (a tool element with the `continue` attribute): the target tool's id
   * and the result files, to set as that tool element's `initialFiles`.
   */
  'docstudio-continue': { tool: ToolId; files: ConversionFile[] };
  /** The element's state changed: a tool's status or a workflow screen's state. */
  'docstudio-change': { state: ToolStatus | WorkflowElementState };
  /** The workflow builder saved a workflow (as stored, with its id). */
  'docstudio-saved': { workflow: Workflow };
  /** The workflow builder's Cancel. */
  'docstudio-cancel': undefined;
  /** The builder's or runner's workflow could not be loaded (deleted, or another user's). */
  'docstudio-missing': { id: string | undefined };
  /** The workflow list deleted a workflow on the server. */
  'docstudio-deleted': { id: string };
  /** The workflow list's 'Create new workflow'. */
  'docstudio-create': undefined;
  /** The workflow list's Edit. */
  'docstudio-edit': { id: string };
  /** The workflow list's Run. */
  'docstudio-run': { id: string };
  /** The visitor card's Sign In. */
  'docstudio-sign-in': undefined;
  /** The visitor card's Back to Home. */
  'docstudio-home': undefined;
}

export type DocstudioEventName = keyof DocstudioEventDetails;

/** Event name -> its CustomEvent, in the shape of the DOM's own event maps (HTMLElementEventMap). */
export type DocstudioEventMap = { [Name in DocstudioEventName]: CustomEvent<DocstudioEventDetails[Name]> };
