import type { OptionDefinition, ToolDefinition } from '@docstudio/core';
import type { StudioMessageOverrides, ToolMessageOverrides } from '../provider';

/** The catalogue entry with the caller's text overrides applied; the catalogue itself stays untouched. */
export function applyToolOverrides(
  tool: ToolDefinition,
  messages: StudioMessageOverrides | undefined,
): {
  tool: ToolDefinition;
  options: readonly OptionDefinition[];
} {
  const overrides: ToolMessageOverrides = { ...messages?.tools?.[tool.id], ...messages?.tool };
  const { options: optionOverrides, rejectMessage, ...texts } = overrides;
  const options = tool.options.map((option) => {
    const override = optionOverrides?.[option.name];
    if (!override) return option;
    const { choices, ...rest } = override;
    return {
      ...option,
      ...rest,
      ...(option.options && choices
        ? {
            options: option.options.map((choice) => ({
              ...choice,
              label: choices[choice.value] ?? choice.label,
            })),
          }
        : {}),
    };
  });
  return {
    tool: {
      ...tool,
      texts: { ...tool.texts, ...texts },
      accept: rejectMessage ? { ...tool.accept, rejectMessage } : tool.accept,
      options,
    },
    options,
  };
}
