import type { ToolGuide } from '@docstudio/core';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { Heading, subheadingLevel } from '../primitives';
import * as styles from './ToolShell.css';
import { useToolContext } from './tool.context';

/** An amber notice (HTML's Embed All Assets, redaction's cannot-be-undone warning). */
export function Notice({
  title,
  children,
  part = 'notice',
}: {
  title: string;
  children: ReactNode;
  part?: string;
}) {
  const { scope, headingLevel } = useToolContext();
  const id = useId();
  return (
    <section className={styles.notice} aria-labelledby={id} data-scope={scope} data-part={part}>
      <Heading level={subheadingLevel(headingLevel)} id={id} className={styles.noticeTitle}>
        {title}
      </Heading>
      <div className={styles.noticeText}>{children}</div>
    </section>
  );
}

/** A side card with a heading (features, how it works). */
export function SideCard({ title, children, part }: { title: string; children: ReactNode; part: string }) {
  const { scope, headingLevel } = useToolContext();
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id} data-scope={scope} data-part={part}>
      <Heading level={subheadingLevel(headingLevel)} id={id} className={styles.cardHeading}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A list of features in a side card. */
export function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.featureList}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A short note under the cards. */
export function ToolNote({ children, part = 'note' }: { children: ReactNode; part?: string }) {
  const { scope } = useToolContext();
  return (
    <p className={styles.note} data-scope={scope} data-part={part}>
      {children}
    </p>
  );
}

/** Office to PDF and PDF to Word also claim HIPAA and GDPR compliance. */
export function ComplianceNote() {
  const { messages } = useToolContext();
  return <ToolNote part="compliance-note">{messages.complianceNote}</ToolNote>;
}

/** The catalogue entry's own notice (dynamic content, JavaScript executed), as a note. */
export function CatalogueNote() {
  const { tool } = useToolContext();
  return tool.texts.notice ? <ToolNote part="tool-note">{tool.texts.notice}</ToolNote> : null;
}

/**
 * A host page's side cards from a tool guide (the studio passes the catalogue's `toolGuides` entry):
 * one card each for features, benefits and tips, and none for a list that is missing or empty.
 */
export function GuideCards({ guide }: { guide: ToolGuide }) {
  const { messages } = useToolContext();
  const groups = [
    ['features', messages.featuresHeading, guide.features],
    ['benefits', messages.benefitsHeading, guide.benefits],
    ['tips', messages.tipsHeading, guide.tips],
  ] as const;
  return groups.map(([part, title, items]) =>
    items && items.length > 0 ? (
      <SideCard key={part} title={title} part={`guide-${part}`}>
        <FeatureList items={items} />
      </SideCard>
    ) : null,
  );
}

/**
 * A failed conversion, on the page until the next action (a toast alone vanishes): an alert with
 * the failure's title and the server's words. It takes focus when it appears, so a keyboard or
 * screen-reader user lands on the reason.
 */
export function FailureNotice({ title, message }: { title: string; message: string }) {
  const { scope, headingLevel } = useToolContext();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      aria-labelledby={id}
      className={styles.failure}
      data-scope={scope}
      data-part="failure"
    >
      <Heading level={subheadingLevel(headingLevel)} id={id} className={styles.noticeTitle}>
        {title}
      </Heading>
      <p className={styles.noticeText}>{message}</p>
    </div>
  );
}
