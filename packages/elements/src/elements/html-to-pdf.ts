/** `<docstudio-html-to-pdf>`: load this one module and the element is defined. */
import { HtmlToPdf } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('html-to-pdf', HtmlToPdf);
