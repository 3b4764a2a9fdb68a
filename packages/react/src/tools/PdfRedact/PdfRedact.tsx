import { useStudio } from '../../provider';
import { Notice, type ToolProps, ToolShell, useToolContext } from '../../shell';
import { RedactionPreview } from './RedactionPreview';

function RedactWarning() {
  const { tool, messages } = useToolContext();
  return (
    <Notice title={messages.redactWarningTitle} part="redact-warning">
      {tool.texts.notice}
    </Notice>
  );
}

/**
 * Redact: preset and colour; shows the boxes it will draw (the server's dry run) before the user
 * commits, warns that redaction cannot be undone and asks before running.
 */
export function PdfRedact(props: ToolProps) {
  const { messages, client } = useStudio(props);
  return (
    <ToolShell
      toolId="pdf-redact"
      {...props}
      intro={<RedactWarning />}
      afterInput={<RedactionPreview client={client} />}
      confirm={{
        title: messages.redactConfirmTitle,
        description: messages.redactConfirmText,
        confirmLabel: messages.redactConfirmAction,
      }}
    />
  );
}
