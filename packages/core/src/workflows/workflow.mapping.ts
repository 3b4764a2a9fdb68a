/**
 * DTO mapping: the server's PascalCase stored workflow (Id, Title, Steps[Order, Endpoint, Parameters,
 * OnError], CreatedAt, UpdatedAt) <-> the client model (id, name, steps, createdAt, updatedAt).
 * camelCase answers are read too, since the spec lists both spellings for the same calls.
 */
import { findToolByEndpoint, secretParameterNames } from '../catalogue';
import type {
  StepErrorPolicy,
  StoredSecretMarker,
  Workflow,
  WorkflowDraft,
  WorkflowRequestBody,
  WorkflowStep,
} from './workflow.types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First present property among spellings (Title, title, Name, name). */
function pick(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (record[name] !== undefined) return record[name];
  return undefined;
}

/** Text that a broken serialiser leaves instead of a value. */
const SERIALISATION_ARTEFACTS = new Set(['[object Object]', 'undefined', 'null', 'NaN']);

/**
 * One stored parameter value as text. The spec says loaded parameters "flagged with an odd marker"
 * are treated as empty; our reading: anything that is not a plain string, finite number or boolean
 * (null, objects such as `{ "$type": ... }` wrappers, arrays) or a string that is a serialisation
 * artefact ('[object Object]', 'undefined', 'null', 'NaN') is the marker, and reads as ''.
 */
export function readParameterValue(value: unknown): string {
  if (typeof value === 'string') return SERIALISATION_ARTEFACTS.has(value.trim()) ? '' : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/** Parameters as a name -> text map; a `[{Name, Value}]` list is accepted too. */
export function readParameters(value: unknown): Record<string, string> {
  const parameters: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (!isRecord(entry)) continue;
      const name = pick(entry, 'Name', 'name');
      if (typeof name === 'string' && name)
        parameters[name] = readParameterValue(pick(entry, 'Value', 'value'));
    }
    return parameters;
  }
  if (!isRecord(value)) return parameters;
  for (const [name, raw] of Object.entries(value)) parameters[name] = readParameterValue(raw);
  return parameters;
}

/**
 * The markers a server answered for an endpoint's secret parameters (objects in place of a password,
 * which `readParameters` reads as ''), by name, from a map or a `[{Name, Value}]` list.
 */
export function readStoredSecrets(endpoint: string, value: unknown): Record<string, StoredSecretMarker> {
  const secretNames = secretParameterNames(endpoint);
  const entries: Array<[unknown, unknown]> = Array.isArray(value)
    ? value.filter(isRecord).map((entry) => [pick(entry, 'Name', 'name'), pick(entry, 'Value', 'value')])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  const markers: Record<string, StoredSecretMarker> = {};
  for (const [name, raw] of entries)
    if (typeof name === 'string' && secretNames.includes(name) && isRecord(raw)) markers[name] = raw;
  return markers;
}

let localIdCounter = 0;
export const newLocalStepId = (): string =>
  `step-${Date.now().toString(36)}-${(++localIdCounter).toString(36)}`;

/** A model step for an endpoint, with the tool's name from the catalogue. */
export function makeStep(
  endpoint: string,
  parameters: Record<string, string>,
  order: number,
  onError: StepErrorPolicy = 'stop',
  storedSecrets: Readonly<Record<string, StoredSecretMarker>> = {},
): WorkflowStep {
  const tool = findToolByEndpoint(endpoint);
  return {
    localId: newLocalStepId(),
    order,
    endpoint,
    parameters,
    onError,
    ...(Object.keys(storedSecrets).length > 0 ? { storedSecrets } : {}),
    ...(tool ? { toolId: tool.id } : {}),
    toolName: tool?.name ?? endpoint,
  };
}

/** A stored workflow from the server's answer, or undefined when it has no usable id. */
export function fromWorkflowDto(value: unknown): Workflow | undefined {
  if (!isRecord(value)) return undefined;
  const id = pick(value, 'Id', 'id', 'ID');
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') return undefined;
  const name = pick(value, 'Title', 'title', 'Name', 'name');
  const rawSteps = pick(value, 'Steps', 'steps');
  const steps = (Array.isArray(rawSteps) ? rawSteps : [])
    .filter(isRecord)
    .map((step, index) => {
      const order = Number(pick(step, 'Order', 'order'));
      const rawEndpoint = pick(step, 'Endpoint', 'endpoint');
      const endpoint = typeof rawEndpoint === 'string' ? rawEndpoint.trim() : '';
      const onError = pick(step, 'OnError', 'onError');
      const rawParameters = pick(step, 'Parameters', 'parameters');
      return {
        order: Number.isFinite(order) ? order : index + 1,
        endpoint,
        parameters: readParameters(rawParameters),
        storedSecrets: readStoredSecrets(endpoint, rawParameters),
        onError: (onError === 'continue' ? 'continue' : 'stop') as StepErrorPolicy,
      };
    })
    .sort((a, b) => a.order - b.order)
    // Orders are renumbered 1..n so gaps or duplicates in stored data cannot confuse the run (a stored
    // secret's marker names the step it was stored with, so it is found again whatever the order).
    .map((step, index) =>
      makeStep(step.endpoint, step.parameters, index + 1, step.onError, step.storedSecrets),
    );
  const createdAt = pick(value, 'CreatedAt', 'createdAt');
  const updatedAt = pick(value, 'UpdatedAt', 'updatedAt');
  return {
    id: String(id),
    name: typeof name === 'string' ? name : '',
    steps,
    ...(typeof createdAt === 'string' ? { createdAt } : {}),
    ...(typeof updatedAt === 'string' ? { updatedAt } : {}),
  };
}

/** Blank (whitespace-only) string parameters are dropped before saving. */
export function dropBlankParameters(parameters: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(parameters)) {
    if (typeof value === 'string' && value.trim() !== '') kept[name] = value;
  }
  return kept;
}

/** Blank parameters dropped; a stored secret left blank goes back as the server's marker (kept). */
function parametersToSend(step: WorkflowDraft['steps'][number]): Record<string, string | StoredSecretMarker> {
  const sent: Record<string, string | StoredSecretMarker> = dropBlankParameters(step.parameters);
  for (const [name, marker] of Object.entries(step.storedSecrets ?? {}))
    if (!(name in sent)) sent[name] = marker;
  return sent;
}

/** The create/update body: trimmed name, steps ordered from 1, blank parameters dropped, onError 'stop'. */
export function toWorkflowRequestBody(draft: WorkflowDraft): WorkflowRequestBody {
  return {
    name: draft.name.trim(),
    steps: draft.steps.map((step, index) => ({
      order: index + 1,
      endpoint: step.endpoint.trim(),
      parameters: parametersToSend(step),
      onError: 'stop',
    })),
  };
}

/** Stored secrets a step still needs from the server (left blank): such a step can only run there. */
export function heldSecretNames(step: Pick<WorkflowStep, 'parameters' | 'storedSecrets'>): string[] {
  return Object.keys(step.storedSecrets ?? {}).filter((name) => (step.parameters[name] ?? '').trim() === '');
}
