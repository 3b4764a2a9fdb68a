/** `<docstudio-web-to-pdf>`: load this one module and the element is defined. */
import { WebToPdf } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('web-to-pdf', WebToPdf);
