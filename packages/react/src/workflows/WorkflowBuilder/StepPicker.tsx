import {
  builderOptions,
  builderStep,
  findToolById,
  type OptionChoice,
  type ToolDefinition,
  type ToolId,
  toolChoicesAfter,
  WORKFLOW_CATEGORIES,
  type WorkflowStep,
} from '@docstudio/core';
import { useId, useState } from 'react';
import { type FieldValue, Heading, type HeadingLevel, OptionField, secondaryButton } from '../../primitives';
import * as fieldStyles from '../../primitives/OptionField/OptionField.css';
import { formatMessage, type StudioMessages } from '../../provider';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import { withMoreChoices } from '../../shell/option.rules';
import * as shell from '../../shell/ToolShell.css';
import * as styles from '../shared/workflow.css';

export interface StepPickerProps {
  steps: readonly WorkflowStep[];
  texts: WorkflowTexts;
  messages: StudioMessages;
  headingLevel: HeadingLevel;
  disabled: boolean;
  onAdd: (step: WorkflowStep) => void;
  onError: (message: string) => void;
  /** The server's OCR languages beyond the catalogue's 27, offered after them for OCR steps. */
  ocrLanguages?: readonly OptionChoice[];
}

const scope = 'workflow-builder';

const defaultsOf = (tool: ToolDefinition | undefined): Record<string, FieldValue> =>
  Object.fromEntries((tool?.options ?? []).map((option) => [option.name, option.default]));

/**
 * 'Add Step': the tool picker (by category; only tools that can take the previous step's output),
 * the chosen tool's parameters generated from the catalogue, an output choice where the tool has one
 * (OCR), and 'Add step'.
 */
export function StepPicker({
  steps,
  texts,
  messages,
  headingLevel,
  disabled,
  onAdd,
  onError,
  ocrLanguages,
}: StepPickerProps) {
  const [toolId, setToolId] = useState<ToolId | ''>('');
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [output, setOutput] = useState('');
  const headingId = useId();
  const toolFieldId = useId();
  const outputFieldId = useId();
  const choices = toolChoicesAfter(steps);
  const tool = toolId ? findToolById(toolId) : undefined;
  const chosen = tool && choices.some((choice) => choice.id === tool.id) ? tool : undefined;

  const choose = (id: ToolId | '') => {
    setToolId(id);
    const next = id ? findToolById(id) : undefined;
    setValues(defaultsOf(next));
    setOutput(next?.endpointChoices?.[0]?.value ?? '');
  };

  const add = () => {
    const result = builderStep(chosen?.id ?? '', values, steps.length + 1, output || undefined);
    if (!result.ok) return onError(result.error);
    onAdd(result.step);
    choose('');
  };

  return (
    <section className={shell.fields} aria-labelledby={headingId} data-scope={scope} data-part="add-step">
      <Heading level={headingLevel} id={headingId} className={shell.cardHeading}>
        {texts.addStepHeading}
      </Heading>
      <div className={fieldStyles.field} data-scope={scope} data-part="tool-field">
        <label className={fieldStyles.label} htmlFor={toolFieldId}>
          {texts.toolLabel}
        </label>
        <select
          id={toolFieldId}
          className={fieldStyles.input}
          value={chosen?.id ?? ''}
          disabled={disabled || choices.length === 0}
          onChange={(event) => choose(event.target.value as ToolId | '')}
          data-scope={scope}
          data-part="tool-select"
        >
          <option value="">{texts.toolPlaceholder}</option>
          {WORKFLOW_CATEGORIES.map((category) => {
            const inCategory = choices.filter((choice) => choice.workflowCategory === category);
            if (inCategory.length === 0) return null;
            return (
              <optgroup key={category} label={category}>
                {inCategory.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        {choices.length === 0 && (
          <p className={styles.hint} data-scope={scope} data-part="no-compatible-tool">
            {texts.noCompatibleTool}
          </p>
        )}
      </div>
      {chosen?.endpointChoices && (
        <div className={fieldStyles.field} data-scope={scope} data-part="option" data-option="output">
          <label className={fieldStyles.label} htmlFor={outputFieldId}>
            {messages.outputFormatLabel}
          </label>
          <select
            id={outputFieldId}
            className={fieldStyles.input}
            value={output}
            disabled={disabled}
            onChange={(event) => setOutput(event.target.value)}
            data-scope={scope}
            data-part="output-format"
          >
            {chosen.endpointChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen &&
        builderOptions(chosen, values).map((option) => (
          <OptionField
            key={option.name}
            option={
              chosen.id === 'pdf-ocr' && option.name === 'Language'
                ? withMoreChoices(option, ocrLanguages)
                : option
            }
            value={values[option.name]}
            onChange={(value) => setValues((current) => ({ ...current, [option.name]: value }))}
            disabled={disabled}
            scope={scope}
            helpLabel={formatMessage(messages.moreInfo, { label: option.label })}
          />
        ))}
      <div className={shell.actions}>
        <button
          type="button"
          className={secondaryButton}
          onClick={add}
          disabled={disabled}
          data-scope={scope}
          data-part="add-step-button"
        >
          {texts.addStep}
        </button>
      </div>
    </section>
  );
}
