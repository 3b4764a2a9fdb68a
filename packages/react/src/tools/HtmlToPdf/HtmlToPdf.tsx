import { useId, useState } from 'react';
import { secondaryButton, smallButton } from '../../primitives';
import { CatalogueNote, Notice, SideCard, type ToolProps, ToolShell, useToolContext } from '../../shell';
import * as styles from './HtmlToPdf.css';

/** A self-contained page: base64 image and inline CSS, the way the converter wants it. */
export const SAMPLE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Invoice 2025-001</title>
  <style>
    body { font-family: sans-serif; margin: 2cm; }
    h1 { color: #1d4ed8; }
  </style>
</head>
<body>
  <h1>Invoice 2025-001</h1>
  <img alt="Logo" src="data:image/png;base64,iVBORw0KGgo...">
  <p>All assets are embedded: no external files.</p>
</body>
</html>`;

function EmbedAssetsNotice() {
  const { messages } = useToolContext();
  return (
    <Notice title={messages.embedAssetsTitle} part="embed-assets-notice">
      {messages.embedAssetsText}
    </Notice>
  );
}

function ExampleToggle() {
  const { messages, scope } = useToolContext();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.example}>
      <button
        type="button"
        className={`${secondaryButton} ${smallButton}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-scope={scope}
        data-part="example-toggle"
        data-state={open ? 'open' : 'closed'}
      >
        {open ? messages.hideExample : messages.showExample}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <SideCard title={messages.sampleHtmlHeading} part="example">
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the sample scrolls sideways; keyboard users must reach it (axe scrollable-region-focusable). */}
            <pre className={styles.code} tabIndex={0}>
              <code>{SAMPLE_HTML}</code>
            </pre>
          </SideCard>
        )}
      </div>
    </div>
  );
}

/** HTML to PDF: one .html/.htm file, the Embed All Assets notice and a sample HTML structure. */
export function HtmlToPdf(props: ToolProps) {
  return (
    <ToolShell
      toolId="html-to-pdf"
      {...props}
      intro={<EmbedAssetsNotice />}
      afterInput={<ExampleToggle />}
      notes={<CatalogueNote />}
    />
  );
}
