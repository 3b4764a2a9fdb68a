/**
 * What each docstudio element is, as data: its tag, attributes (with their TypeScript type) and
 * events. The npm build writes custom-elements.json and the tag typings (dist/tags.d.ts) from it, read
 * off the catalogue as the elements themselves are, so a new tool is described with no change here.
 * Plain data (no React): the build loads it while Vite loads its config. A test compares the
 * attributes with those the defined elements observe (element.descriptions.test.ts).
 */
import { type ToolDefinition, tools } from '@docstudio/core';
import type { DocstudioEventName } from '../define/element.events';
import { attributeName, optionAttributes } from '../tools/tool.attributes';
import { toolElementTag } from '../tools/tool.tag';
import { type WorkflowElementId, workflowElementTag } from '../workflows/workflow.tag';

export interface AttributeDescription {
  name: string;
  /** The TypeScript type of the attribute's value (in JSX and in the manifest). */
  type: string;
  description: string;
}

export interface ElementDescription {
  tagName: `docstudio-${string}`;
  /** The element's module in the npm package (`@docstudio/elements/<id>`) and its id. */
  id: string;
  /** The class-like name of the element's interface in the typings (`DocstudioPdfMergeElement`). */
  interfaceName: string;
  summary: string;
  attributes: AttributeDescription[];
  /** Plain DOM properties that are not attributes (set from script). */
  properties: AttributeDescription[];
  events: { name: DocstudioEventName; description: string }[];
}

const pascalCase = (id: string): string =>
  id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

const COMMON_ATTRIBUTES: AttributeDescription[] = [
  { name: 'api-url', type: 'string', description: "The server's API address (default /api)." },
  {
    name: 'token',
    type: 'string',
    description: 'A bearer token; without it the user signed in on this origin, else an anonymous one.',
  },
  { name: 'environment', type: "'production' | 'staging'", description: 'The environment (production).' },
  {
    name: 'theme',
    type: "'light' | 'dark'",
    description: 'The colour theme, applied on the element itself.',
  },
  {
    name: 'heading-level',
    type: "1 | 2 | 3 | 4 | 5 | 6 | '1' | '2' | '3' | '4' | '5' | '6'",
    description: "The rank of the element's heading in the page's outline (2).",
  },
];

const TOOL_EVENTS: ElementDescription['events'] = [
  { name: 'docstudio-complete', description: 'The conversion ended: `detail.files`, the result files.' },
  { name: 'docstudio-error', description: 'The conversion failed: `detail.error`.' },
  { name: 'docstudio-change', description: 'A new state: `detail.state` (idle, selected, converting, …).' },
  {
    name: 'docstudio-continue',
    description:
      "'Continue with another tool' (with `continue`): `detail.tool`, the tool id, and `detail.files`, the results.",
  },
];

/** The hand-over between tool elements (the React components' `onContinue` and `initialFiles`). */
const CONTINUE_ATTRIBUTE: AttributeDescription = {
  name: 'continue',
  type: "boolean | '' | 'true' | 'false'",
  description: "Offer 'Continue with another tool' under a result (sends docstudio-continue).",
};
const TOOL_PROPERTIES: AttributeDescription[] = [
  {
    name: 'initialFiles',
    type: 'ConversionFile[]',
    description:
      "Another tool's results to start with (a docstudio-complete or docstudio-continue `detail.files`), sent by FileId.",
  },
];

/** A number, or its text as an attribute holds it (TypeScript's template literal type). */
// biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript type text, not a template.
const NUMBER_TYPE = 'number | `${number}`';

const stringChoices = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(' | ');

function toolAttributes(tool: ToolDefinition): AttributeDescription[] {
  return optionAttributes(tool.id).map(({ option, prop, kind }) => ({
    name: attributeName(prop),
    type:
      kind === 'boolean'
        ? "boolean | '' | 'true' | 'false'"
        : kind === 'number'
          ? NUMBER_TYPE
          : option.type === 'select' && option.options && option.options.length > 0
            ? stringChoices(option.options.map((choice) => choice.value))
            : 'string',
    description: `${option.label}: its starting value${option.default === undefined ? '' : ` (${String(option.default)})`}.`,
  }));
}

const url = (name: string, description: string): AttributeDescription => ({
  name,
  type: 'string',
  description,
});

const VISITOR_ATTRIBUTES = [
  url('sign-in-url', "Where the visitor card's Sign In goes."),
  url('home-url', "Where the visitor card's Back to Home goes."),
];
const VISITOR_EVENTS: ElementDescription['events'] = [
  { name: 'docstudio-change', description: 'A new screen state: `detail.state` (loading, ready, …).' },
  { name: 'docstudio-sign-in', description: "The visitor card's Sign In (cancelable)." },
  { name: 'docstudio-home', description: "The visitor card's Back to Home (cancelable)." },
];

const WORKFLOW_ELEMENTS: Record<
  WorkflowElementId,
  Pick<ElementDescription, 'summary' | 'attributes' | 'events'>
> = {
  'workflow-list': {
    summary: "The signed-in user's workflows with Run, Edit and Delete.",
    attributes: [
      url('create-url', "Where 'Create new workflow' goes."),
      url('edit-url', 'Where Edit goes; {id} is the workflow id.'),
      url('run-url', 'Where Run goes; {id} is the workflow id.'),
    ],
    events: [
      { name: 'docstudio-create', description: "'Create new workflow' (cancelable)." },
      { name: 'docstudio-edit', description: 'Edit: `detail.id` (cancelable).' },
      { name: 'docstudio-run', description: 'Run: `detail.id` (cancelable).' },
      { name: 'docstudio-deleted', description: 'A workflow was deleted: `detail.id`.' },
    ],
  },
  'workflow-builder': {
    summary: 'Creates a workflow, or edits the one named by workflow-id.',
    attributes: [
      url('workflow-id', 'The workflow to edit; without it, a new one.'),
      url('list-url', 'Where a save, Cancel or a missing workflow goes.'),
    ],
    events: [
      { name: 'docstudio-saved', description: 'Saved: `detail.workflow`, as stored (cancelable).' },
      { name: 'docstudio-cancel', description: 'Cancel (cancelable).' },
      {
        name: 'docstudio-missing',
        description: 'The workflow could not be loaded: `detail.id` (cancelable).',
      },
    ],
  },
  'workflow-runner': {
    summary: 'Runs one stored workflow on the server and shows its last run.',
    attributes: [
      url('workflow-id', 'The workflow to run (required).'),
      url('list-url', 'Where a missing workflow goes.'),
    ],
    events: [
      {
        name: 'docstudio-complete',
        description: 'The run ended well: `detail.files`, the last step’s results.',
      },
      { name: 'docstudio-error', description: 'The run failed: `detail.error`.' },
      {
        name: 'docstudio-missing',
        description: 'The workflow could not be loaded: `detail.id` (cancelable).',
      },
    ],
  },
};

/** Every element: the catalogue's tools, then the workflow screens. */
export function elementDescriptions(): ElementDescription[] {
  return [
    ...tools.map((tool) => ({
      tagName: toolElementTag(tool.id),
      id: tool.id,
      interfaceName: `Docstudio${pascalCase(tool.id)}Element`,
      summary: `${tool.title}: ${tool.description}`,
      attributes: [...COMMON_ATTRIBUTES, CONTINUE_ATTRIBUTE, ...toolAttributes(tool)],
      properties: TOOL_PROPERTIES,
      events: TOOL_EVENTS,
    })),
    ...(
      Object.entries(WORKFLOW_ELEMENTS) as [
        WorkflowElementId,
        (typeof WORKFLOW_ELEMENTS)[WorkflowElementId],
      ][]
    ).map(([id, element]) => ({
      tagName: workflowElementTag(id),
      id,
      interfaceName: `Docstudio${pascalCase(id)}Element`,
      summary: element.summary,
      attributes: [...COMMON_ATTRIBUTES, ...element.attributes, ...VISITOR_ATTRIBUTES],
      properties: [],
      events: [...element.events, ...VISITOR_EVENTS],
    })),
  ];
}
