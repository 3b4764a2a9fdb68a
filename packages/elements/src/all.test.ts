/** The `all` entry: one script defines every catalogue tool's element and the three workflow elements. */
import { tools } from '@docstudio/core';
import { afterEach, describe, expect, it } from 'vitest';
import './all';
import { studioApiUrl, userToken } from './testing/studio-server';
import { toolElementTag } from './tools/tool.tag';
import { WORKFLOW_ELEMENT_IDS, workflowElementTag } from './workflows/workflow.tag';

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

  it.each([...WORKFLOW_ELEMENT_IDS])('defines and renders <docstudio-%s>', async (id) => {
    const element = document.createElement(workflowElementTag(id));
    element.setAttribute('api-url', studioApiUrl());
    element.setAttribute('token', userToken(3));
    document.body.append(element);
    await expect
      .poll(() => element.shadowRoot?.querySelector(`[data-scope="${id}"][data-part="root"]`))
      .toBeTruthy();
  });
});
