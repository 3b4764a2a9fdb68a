/**
 * Landing section 4: security and compliance. Every claim is a thing the server does (its README,
 * "Storage" and "Security"); the product holds no certification, and the section says so.
 */
import { EyeOff, FileLock, ShieldCheck, Trash2, UserLock } from 'lucide-react';
import { type FeatureItem, FeatureList } from './FeatureList';

const CONTROLS: readonly FeatureItem[] = [
  {
    icon: FileLock,
    title: 'Encrypted at rest',
    text: 'Uploads and results are stored encrypted with AES-256-GCM; workflow passwords and webhook secrets are sealed too.',
  },
  {
    icon: Trash2,
    title: 'Deleted automatically',
    text: 'Files are deleted after a retention period you set (three hours by default), and deleted rows are zeroed on disk.',
  },
  {
    icon: EyeOff,
    title: 'Redaction that removes',
    text: 'Redaction takes the text out of the page content, blanks image pixels and scrubs metadata, annotations and attachments, then verifies each page with a second engine: if anything remains, no file is produced.',
  },
  {
    icon: UserLock,
    title: 'Isolation and guarded fetches',
    text: 'Each user sees only their own files and workflows; remote URLs pass an SSRF guard; logs carry no document data or secrets.',
  },
];

export function SecurityCompliance() {
  return (
    <section className="landing-section" aria-labelledby="landing-security" data-section="security">
      <h2 id="landing-security">Security and compliance</h2>
      <FeatureList items={CONTROLS} className="landing-features" />
      <p className="landing-callout">
        <ShieldCheck aria-hidden="true" focusable="false" size={20} />
        <span>
          docstudio is software, not a certified service: it holds no HIPAA, SOC 2 or ISO 27001 certification.
          It gives you the controls above; how your deployment meets your regulations is yours to assess.
        </span>
      </p>
    </section>
  );
}
