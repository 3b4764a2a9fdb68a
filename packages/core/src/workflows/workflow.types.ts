/** Workflows: named, ordered chains of tool steps (spec part 2 sections 3-4). */
import type { ConversionFile } from '../api/conversion.types';
import type { ToolId } from '../catalogue/catalogue.tools';
import type { StepStatus } from '../events/studio.events';

export type { StepStatus };

/** What a step does when it fails. Create and update always write 'stop'. */
export type StepErrorPolicy = 'stop' | 'continue';

/**
 * What a server answers in place of a secret parameter it keeps sealed (a saved protect password):
 * an object such as `{ Set: true, Step: 2 }`. It is kept as received and sent back unchanged, which
 * asks the server to keep the stored value.
 */
export type StoredSecretMarker = Readonly<Record<string, unknown>>;

export interface WorkflowStep {
  /** Local id for list keys; not sent. */
  localId: string;
  /** 1-based. */
  order: number;
  /** 'pdf/to/compress'. */
  endpoint: string;
  parameters: Record<string, string>;
  onError: StepErrorPolicy;
  /**
   * Secret parameters the server holds for this saved step, by name, with the marker it answered. The
   * parameter itself reads ''; saved while still blank, the marker goes back and the server keeps the
   * value; a typed value replaces it; dropping the entry removes it. Such a step runs on the server.
   */
  storedSecrets?: Readonly<Record<string, StoredSecretMarker>>;
  /** The catalogue tool behind the endpoint, when known. */
  toolId?: ToolId;
  /** The tool's short name for chains ('Compress PDF'); the endpoint when the tool is unknown. */
  toolName: string;
}

export interface Workflow {
  id: string;
  name: string;
  steps: WorkflowStep[];
  /** ISO timestamps as the server sent them. */
  createdAt?: string;
  updatedAt?: string;
}

/** What the builder edits before saving. */
export interface WorkflowDraft {
  name: string;
  steps: ReadonlyArray<
    Pick<WorkflowStep, 'endpoint' | 'parameters'> & Partial<Pick<WorkflowStep, 'onError' | 'storedSecrets'>>
  >;
}

/** The request body of create and update (spec part 2 section 7). */
export interface WorkflowRequestBody {
  name: string;
  steps: Array<{
    order: number;
    endpoint: string;
    /** Typed values, and the server's marker for a stored secret left blank. */
    parameters: Record<string, string | StoredSecretMarker>;
    onError: 'stop';
  }>;
}

/** The stored shape the server answers (DESIGN.md contract). */
export interface WorkflowDto {
  Id: string;
  Title: string;
  Steps: Array<{ Order: number; Endpoint: string; Parameters: Record<string, unknown>; OnError: string }>;
  CreatedAt?: string;
  UpdatedAt?: string;
}

/** One step during a run. */
export interface StepRunState {
  index: number;
  order: number;
  endpoint: string;
  toolName: string;
  status: StepStatus;
  /** 'Step N failed: {reason}' when status is error. */
  error?: string;
  files?: ConversionFile[];
}
