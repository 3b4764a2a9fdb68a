/** `<docstudio-office-to-pdf>`: load this one module and the element is defined. */
import { OfficeToPdf } from '@docstudio/react';
import { defineToolElement } from '../tools/tool.element';

defineToolElement('office-to-pdf', OfficeToPdf);
