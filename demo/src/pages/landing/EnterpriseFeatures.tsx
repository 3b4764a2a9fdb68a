/** Landing section 2: the enterprise features band: what the product does for an organisation. */
import { Activity, Code, Cpu, Puzzle, Server, Workflow } from 'lucide-react';
import { type FeatureItem, FeatureList } from './FeatureList';

const FEATURES: readonly FeatureItem[] = [
  {
    icon: Server,
    title: 'Runs on your servers',
    text: 'One command or the container recipe starts the studio and its conversion server. Documents stay on machines you control.',
  },
  {
    icon: Cpu,
    title: 'Real conversion engines',
    text: 'LibreOffice, Chromium, qpdf, Ghostscript, Tesseract and MuPDF do the work, each in its own bounded pool.',
  },
  {
    icon: Workflow,
    title: 'Workflows',
    text: 'Chain tools into a named workflow, run it on the server in one go and get a signed webhook when it finishes.',
  },
  {
    icon: Code,
    title: 'REST API and API keys',
    text: 'Every tool is an HTTP call, described by an OpenAPI document. Long-lived API keys let scripts and portals use it.',
  },
  {
    icon: Puzzle,
    title: 'Embeddable tools',
    text: 'Each tool is a React component and a custom element, themed with CSS variables, for your own intranet or portal.',
  },
  {
    icon: Activity,
    title: 'Built to operate',
    text: 'Health and readiness checks name a down engine; Prometheus metrics count conversions, queue depth and engine restarts.',
  },
];

export function EnterpriseFeatures() {
  return (
    <section
      className="landing-section landing-band"
      aria-labelledby="landing-enterprise"
      data-section="enterprise"
    >
      <h2 id="landing-enterprise">Made for organisations</h2>
      <p className="landing-lead">Everything the tools do, on infrastructure you run.</p>
      <FeatureList items={FEATURES} className="landing-features landing-features-three" />
    </section>
  );
}
