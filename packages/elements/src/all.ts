/** Every docstudio tool element at once (one script for a portal that shows many tools). */
import { tools } from '@docstudio/core';
import { toolComponents } from '@docstudio/react';
import { defineToolElement } from './tools/tool.element';

for (const tool of tools) defineToolElement(tool.id, toolComponents[tool.id]);
