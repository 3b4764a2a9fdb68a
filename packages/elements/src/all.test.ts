/** The `all` entry: one script defines every catalogue tool's element, each rendering its own tool. */
import { tools } from '@docstudio/core';
import { afterEach, describe, expect, it } from 'vitest';
import './all';
import { toolElementTag } from './tools/tool.tag';

afterEach(() => {
  document.body.replaceChildren();
});

describe('all.js', () => {
  it.each(tools.map((tool) => [tool.id]))('defines and renders <docstudio-%s>', async (toolId) => {
    const tag = toolElementTag(toolId);
    expect(customElements.get(tag)).toBeDefined();
    const element = document.createElement(tag);
    document.body.append(element);
    await expect
      .poll(() => element.shadowRoot?.querySelector(`[data-scope="${toolId}"][data-part="root"]`))
      .toBeTruthy();
  });
});
