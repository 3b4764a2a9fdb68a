import { CatalogueNote, SideCard, type ToolProps, ToolShell, UrlField, useToolContext } from '../../shell';
import * as styles from './WebToPdf.css';

function HowItWorks() {
  const { messages } = useToolContext();
  const steps = [
    [messages.howItWorksEnterUrl, messages.howItWorksEnterUrlText],
    [messages.howItWorksConvert, messages.howItWorksConvertText],
    [messages.howItWorksDownload, messages.howItWorksDownloadText],
  ] as const;
  return (
    <SideCard title={messages.howItWorks} part="how-it-works">
      <ol className={styles.steps}>
        {steps.map(([title, text]) => (
          <li key={title} className={styles.step}>
            <strong>{title}</strong>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </SideCard>
  );
}

/** Web to PDF: a URL instead of a file (checked: 'URL required', 'Invalid URL'), and how it works. */
export function WebToPdf(props: ToolProps) {
  return (
    <ToolShell
      toolId="web-to-pdf"
      {...props}
      input={<UrlField />}
      aside={<HowItWorks />}
      notes={<CatalogueNote />}
    />
  );
}
