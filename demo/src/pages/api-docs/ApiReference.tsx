/**
 * Swagger UI (swagger-ui-dist, its self-contained bundle and stylesheet) mounted into one element. It
 * renders with its own copy of React inside that element, so it is started and cleared by hand.
 */
import 'swagger-ui-dist/swagger-ui.css';
import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';

/**
 * Swagger UI's server picker and the pickers of an opened operation's parameters have no label:
 * each gets its name (the parameter's, or 'Server') for screen readers, as Swagger UI renders them.
 */
function labelPickers(root: HTMLElement): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select:not([aria-label])')) {
    const parameter = select.closest<HTMLElement>('[data-param-name]')?.dataset.paramName;
    const name = parameter ?? (select.id === 'servers' ? 'Server' : undefined);
    if (name) select.setAttribute('aria-label', name);
  }
}

export default function ApiReference({ documentUrl }: { documentUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const observer = new MutationObserver(() => labelPickers(node));
    observer.observe(node, { childList: true, subtree: true });
    SwaggerUI({
      domNode: node,
      url: documentUrl,
      // The default validator is a third-party service: the document must not leave this origin.
      validatorUrl: null,
      deepLinking: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    });
    return () => {
      observer.disconnect();
      node.replaceChildren();
    };
  }, [documentUrl]);
  return <div ref={container} className="api-docs-reference" />;
}
