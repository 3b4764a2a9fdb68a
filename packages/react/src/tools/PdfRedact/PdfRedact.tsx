import { useStudio } from '../../provider';
import { Notice, type ToolProps, ToolShell, useToolContext } from '../../shell';

function RedactWarning() {
  const { tool, messages } = useToolContext();
  return (
    <Notice title={messages.redactWarningTitle} part="redact-warning">
      {tool.texts.notice}
    </Notice>
  );
}

/** Redact: preset and colour; warns that redaction cannot be undone and asks before running. */
export function PdfRedact(props: ToolProps) {
  const { messages } = useStudio(props);
  return (
    <ToolShell
      toolId="pdf-redact"
      {...props}
      intro={<RedactWarning />}
      confirm={{
        title: messages.redactConfirmTitle,
        description: messages.redactConfirmText,
        confirmLabel: messages.redactConfirmAction,
      }}
    />
  );
}
