/** The part of swagger-ui-dist's bundle the API documentation page uses (the package has no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    validatorUrl: string | null;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
  }
  export default function SwaggerUI(options: SwaggerUIOptions): unknown;
}
