/**
 * The shapes several operations share, as `#/components/schemas/…` of the OpenAPI document. They
 * describe what the routes answer and accept; the routes build and check those values themselves
 * (answers are never filtered through a schema: install-openapi.ts).
 */
import { Type } from 'typebox';

const FileValue = Type.Object(
  {
    Id: Type.Optional(Type.String({ description: 'A FileId of POST /upload or of an earlier result.' })),
    Url: Type.Optional(Type.String({ format: 'uri' })),
    Name: Type.Optional(Type.String({ description: 'The file name, with Data.' })),
    Data: Type.Optional(
      Type.String({ contentEncoding: 'base64', description: 'The file itself (a data: prefix is allowed).' }),
    ),
  },
  { description: 'A stored file by Id, a file by Url, or the file itself as base64 Data with its Name.' },
);

const ConvertedFile = Type.Object({
  FileName: Type.String(),
  FileExt: Type.String(),
  FileSize: Type.Integer(),
  FileId: Type.String(),
  Url: Type.Optional(Type.String({ format: 'uri', description: 'Absent with StoreFile=false.' })),
  FileData: Type.Optional(Type.String({ contentEncoding: 'base64', description: 'With StoreFile=false.' })),
});

const StepOutcome = Type.Object({
  Order: Type.Integer(),
  Endpoint: Type.String(),
  Status: Type.Enum(['Completed', 'Failed']),
  Message: Type.Optional(Type.String()),
  Conversions: Type.Integer({
    description: 'Runs of the step (a single-file step after a split runs per file).',
  }),
});

const SecretMarker = Type.Object(
  { Set: Type.Literal(true), Step: Type.Optional(Type.Integer()) },
  { description: 'A stored secret, never answered in clear; sent back, it keeps the stored value.' },
);

const WorkflowStep = Type.Object({
  Order: Type.Integer({ minimum: 1 }),
  Endpoint: Type.String({ description: 'A converter endpoint, such as pdf/to/rotate.' }),
  Parameters: Type.Record(Type.String(), Type.Union([Type.String(), SecretMarker])),
  OnError: Type.Enum(['stop', 'continue']),
});

const CallbackSecret = Type.Union([Type.String(), SecretMarker], {
  description: 'Answered as {"Set": true}; in clear only once, in the answer of the save that generated it.',
});

const RunFile = Type.Object({
  FileName: Type.String(),
  FileSize: Type.Integer(),
  FileId: Type.String(),
  Url: Type.String({ format: 'uri' }),
});

const WorkflowRun = Type.Object({
  RunId: Type.String({ description: "The run's JobId (GET /job/{jobId})." }),
  WorkflowId: Type.String(),
  Status: Type.Enum(['running', 'succeeded', 'failed']),
  Steps: Type.Array(
    Type.Object({
      Tool: Type.String(),
      Status: Type.Enum(['pending', 'running', 'completed', 'error']),
      Error: Type.Optional(Type.String()),
    }),
  ),
  StartedAt: Type.String({ format: 'date-time' }),
  EndedAt: Type.Optional(Type.String({ format: 'date-time' })),
  Files: Type.Optional(Type.Array(RunFile, { description: 'While the result files are retained.' })),
});

export const componentSchemas = {
  Error: Type.Object(
    {
      Code: Type.Integer({
        description: "The provider's error code (4000 invalid parameters, 4010 no token …).",
      }),
      Message: Type.String(),
      InvalidParameters: Type.Optional(
        Type.Record(Type.String(), Type.Array(Type.String()), {
          description: 'Code 4000: the messages of each parameter at fault.',
        }),
      ),
    },
    { description: 'Every error answer.' },
  ),
  ProviderParameters: Type.Object(
    {
      Parameters: Type.Array(
        Type.Object({
          Name: Type.String(),
          Value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
          FileValue: Type.Optional(FileValue),
          FileValues: Type.Optional(Type.Array(FileValue)),
        }),
      ),
    },
    { description: "The provider's JSON body: {Parameters: [{Name, Value | FileValue | FileValues}]}." },
  ),
  ConversionResult: Type.Object({
    ConversionCost: Type.Integer(),
    ConversionTime: Type.Integer({ description: 'Seconds.' }),
    Files: Type.Array(ConvertedFile),
  }),
  WorkflowRunResult: Type.Object(
    {
      ConversionCost: Type.Integer(),
      ConversionTime: Type.Integer(),
      Files: Type.Array(ConvertedFile),
      Steps: Type.Array(StepOutcome),
    },
    { description: "A workflow run's end: the last step's files and every step's outcome." },
  ),
  JobStarted: Type.Object({ JobId: Type.String() }, { description: 'Async=true, or a workflow run.' }),
  JobRunning: Type.Object({
    JobId: Type.String(),
    Status: Type.Enum(['Queued', 'Running']),
    Files: Type.Optional(
      Type.Array(ConvertedFile, {
        description:
          'An Async conversion that stores results ahead of the others (pdf/to/jpg: each page as it is rendered): those stored so far, in their final order.',
      }),
    ),
  }),
  StoredFile: Type.Object({ FileId: Type.String(), FileName: Type.String(), FileExt: Type.String() }),
  Workflow: Type.Object({
    Id: Type.String(),
    Title: Type.String(),
    Steps: Type.Array(WorkflowStep),
    CreatedAt: Type.String({ format: 'date-time' }),
    UpdatedAt: Type.String({ format: 'date-time' }),
    CallbackUrl: Type.Optional(Type.String({ format: 'uri' })),
    CallbackSecret: Type.Optional(CallbackSecret),
  }),
  WorkflowInput: Type.Object(
    {
      Title: Type.String({ maxLength: 200, description: 'Also `title`, `Name` or `name`.' }),
      Steps: Type.Array(
        Type.Object({
          Order: Type.Optional(Type.Integer({ minimum: 1 })),
          Endpoint: Type.String(),
          Parameters: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), SecretMarker]))),
          OnError: Type.Optional(Type.Enum(['stop', 'continue'])),
        }),
        { minItems: 1, maxItems: 50, description: 'Also `steps` with camelCase fields.' },
      ),
      CallbackUrl: Type.Optional(
        Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
          description:
            'The completion webhook (http or https, public addresses only); null or "" removes it.',
        }),
      ),
      CallbackSecret: Type.Optional(
        Type.Union([Type.String({ minLength: 16, maxLength: 256 }), SecretMarker, Type.Null()], {
          description: 'Write-only; null or "" (or none on the first save) has the server generate one.',
        }),
      ),
    },
    { description: 'PascalCase as here, or the studio client camelCase (name/title, steps, order …).' },
  ),
  WorkflowRuns: Type.Object({ Runs: Type.Array(WorkflowRun) }),
};

export type ComponentName = keyof typeof componentSchemas;

/** A reference to one of the shared shapes. */
export const componentRef = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
