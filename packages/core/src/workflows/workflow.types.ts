/** Workflows: named, ordered chains of tool steps (spec part 2 sections 3-4). */
import type { ConversionFile } from '../api/conversion.types';
import type { ToolId } from '../catalogue/catalogue.types';
import type { StepStatus } from '../events/studio.events';

export type { StepStatus };

/** What a step does when it fails. Create and update always write 'stop'. */
export type StepErrorPolicy = 'stop' | 'continue';

export interface WorkflowStep {
  /** Local id for list keys; not sent. */
  localId: string;
  /** 1-based. */
  order: number;
  /** 'pdf/to/compress'. */
  endpoint: string;
  parameters: Record<string, string>;
  onError: StepErrorPolicy;
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
    Pick<WorkflowStep, 'endpoint' | 'parameters'> & Partial<Pick<WorkflowStep, 'onError'>>
  >;
}

/** The request body of create and update (spec part 2 section 7). */
export interface WorkflowRequestBody {
  name: string;
  steps: Array<{ order: number; endpoint: string; parameters: Record<string, string>; onError: 'stop' }>;
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
