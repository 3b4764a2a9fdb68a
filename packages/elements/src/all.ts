/** Every docstudio element at once (one script for a portal that shows many tools and the workflow screens). */
import { tools } from '@docstudio/core';
import { toolComponents, WorkflowBuilder, WorkflowList, WorkflowRunner } from '@docstudio/react';
import { defineToolElement } from './tools/tool.element';
import { defineWorkflowElement } from './workflows/workflow.element';

for (const tool of tools) defineToolElement(tool.id, toolComponents[tool.id]);
defineWorkflowElement('workflow-list', WorkflowList);
defineWorkflowElement('workflow-builder', WorkflowBuilder);
defineWorkflowElement('workflow-runner', WorkflowRunner);
