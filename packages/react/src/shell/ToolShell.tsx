import { type ConversionFile, getTool, type ToolGuide, type ToolId } from '@docstudio/core';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import {
  ConfirmDialog,
  type FieldValue,
  Heading,
  type HeadingLevel,
  ProgressBar,
  primaryButton,
  ResultList,
  subheadingLevel,
  Toaster,
  toHeadingLevel,
} from '../primitives';
import { formatMessage, type StudioConfig, useStudio } from '../provider';
import { ThemeScopeContext } from '../theme';
import { FileSelection } from './FileSelection';
import { visibleOptions } from './option.rules';
import { type ConversionHooks, runConversion } from './runConversion';
import { GuideCards } from './ShellParts';
import { ToolOptions } from './ToolOptions';
import * as styles from './ToolShell.css';
import { ToolContext, type ToolContextValue, useToolContext } from './tool.context';
import { applyToolOverrides } from './tool.messages';
import { createToolStore, type ToolState, type ToolStatus } from './tool.store';

/** Props every tool component accepts. */
export interface ToolProps extends StudioConfig {
  /** Initial option values (by form field name), for example from custom-element attributes. */
  defaultValues?: Record<string, FieldValue>;
  onComplete?: (detail: { files: ConversionFile[] }) => void;
  onError?: (detail: { error: Error }) => void;
  onChange?: (detail: { state: ToolStatus }) => void;
  className?: string;
  /**
   * The rank of the tool's heading, h1 to h6 (2 by default). A page whose main subject is the tool
   * passes 1; the headings inside the tool (options, files, results, side cards) sit one rank below.
   */
  headingLevel?: HeadingLevel;
  /** Side cards of features, benefits and tips (the studio passes the catalogue's `toolGuides` entry). */
  guide?: ToolGuide;
}

export interface ToolShellProps extends ToolProps {
  toolId: ToolId;
  /** Shown above the upload area (notices such as HTML's Embed All Assets or redaction's warning). */
  intro?: ReactNode;
  /** Replaces the drop zone (web-to-pdf's URL field). */
  input?: ReactNode;
  /** Below the chosen files (HTML's example toggle). */
  afterInput?: ReactNode;
  /** The options panel; the catalogue's option fields by default. */
  options?: ReactNode;
  /** Extra side cards (features, how it works). */
  aside?: ReactNode;
  /** Heading of a multi-file list, with {count}. */
  fileListHeading?: string;
  /** Merge: files can be moved up and down. */
  reorderable?: boolean;
  /** Split: 'Download All' on the result. */
  showDownloadAll?: boolean;
  /** Besides having input: may the button be pressed (split's pages mode needs a range). */
  canConvert?: (state: ToolState) => boolean;
  prepare?: ConversionHooks['prepare'];
  /** Ask before converting (redaction cannot be undone). */
  confirm?: { title: string; description: string; confirmLabel: string };
  /** Notes under the cards (security, compliance, JavaScript is executed...). */
  notes?: ReactNode;
}

/**
 * The shared anatomy of every tool: heading, upload card (drop zone or URL, chosen files, convert
 * button, progress, results), options card, notes and toasts; lifecycle in `data-state`.
 */
export function ToolShell(props: ToolShellProps) {
  const studio = useStudio(props);
  const { toolId, defaultValues } = props;
  const headingLevel = toHeadingLevel(props.headingLevel, 2);
  const { tool, options } = useMemo(
    () => applyToolOverrides(getTool(toolId), studio.config.messages),
    [toolId, studio.config.messages],
  );
  const [store] = useState(() => {
    const values: Record<string, FieldValue> = {};
    for (const option of tool.options) values[option.name] = option.default;
    return createToolStore({ values: { ...values, ...defaultValues } });
  });
  const context = useMemo<ToolContextValue>(
    () => ({ tool, options, scope: tool.id, messages: studio.messages, store, headingLevel }),
    [tool, options, studio.messages, store, headingLevel],
  );

  const latest = useRef(props);
  latest.current = props;
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.status !== previous.status) latest.current.onChange?.({ state: state.status });
      }),
    [store],
  );

  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const convert = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    void runConversion({
      tool,
      options,
      messages: studio.messages,
      store,
      client: studio.client,
      signal: controller.signal,
      hooks: {
        ...(props.prepare ? { prepare: props.prepare } : {}),
        onComplete: (detail) => latest.current.onComplete?.(detail),
        onError: (detail) => latest.current.onError?.(detail),
      },
    });
  };

  return (
    <ToolContext.Provider value={context}>
      <ThemeScopeContext.Provider value={studio.theme}>
        <ShellLayout
          {...props}
          tool={tool}
          onConvert={convert}
          themeClassName={studio.theme.className}
          themeStyle={studio.theme.style}
        />
      </ThemeScopeContext.Provider>
    </ToolContext.Provider>
  );
}

interface ShellLayoutProps extends ToolShellProps {
  tool: ReturnType<typeof getTool>;
  onConvert: () => void;
  themeClassName: string;
  themeStyle: Record<string, string>;
}

function ShellLayout({
  tool,
  onConvert,
  themeClassName,
  themeStyle,
  className,
  intro,
  input,
  afterInput,
  options,
  aside,
  fileListHeading,
  reorderable,
  showDownloadAll,
  canConvert,
  confirm,
  notes,
  guide,
}: ShellLayoutProps) {
  const { store, messages, scope, options: optionDefinitions, headingLevel } = useToolContext();
  const state = useStore(store);
  const [confirming, setConfirming] = useState(false);
  const busy = state.status === 'converting';
  const hasInput = state.files.length > 0 || state.url.length > 0;
  const enabled = hasInput && !busy && (canConvert ? canConvert(state) : true);
  // Workflow-only options never show on the page: no Options card for a tool that has only those.
  const showOptions = Boolean(options) || visibleOptions(optionDefinitions, state.values).length > 0;
  const hasSide = showOptions || Boolean(aside) || Boolean(guide);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (confirm && hasInput) setConfirming(true);
    else onConvert();
  };

  return (
    <div
      className={[themeClassName, styles.root, className].filter(Boolean).join(' ')}
      style={themeStyle}
      data-scope={scope}
      data-part="root"
      data-state={state.status}
    >
      <header className={styles.header} data-scope={scope} data-part="header">
        <Heading level={headingLevel} className={styles.heading}>
          {tool.texts.heading}
        </Heading>
        <p className={styles.description}>{tool.description}</p>
      </header>
      <div className={hasSide ? `${styles.layout} ${styles.layoutWithSide}` : styles.layout}>
        <form
          className={styles.card}
          onSubmit={submit}
          noValidate
          data-scope={scope}
          data-part="upload-card"
          aria-label={tool.texts.heading}
        >
          {intro}
          {input ?? <FileSelection fileListHeading={fileListHeading} reorderable={reorderable} />}
          {afterInput}
          <div className={styles.actions}>
            <button
              type={confirm ? 'button' : 'submit'}
              onClick={confirm ? submit : undefined}
              className={primaryButton}
              disabled={!enabled}
              aria-busy={busy || undefined}
              data-scope={scope}
              data-part="convert"
              data-disabled={!enabled || undefined}
            >
              {busy ? tool.texts.busyLabel : tool.texts.buttonLabel}
            </button>
          </div>
          {(busy || state.status === 'complete') && (
            <ProgressBar value={state.progress} label={messages.progressLabel} scope={scope} />
          )}
          {state.status === 'complete' && (
            <ResultList
              files={state.results}
              scope={scope}
              headingLevel={subheadingLevel(headingLevel)}
              showDownloadAll={showDownloadAll}
              labels={{
                heading: messages.conversionComplete,
                download: messages.download,
                downloadAll: messages.downloadAll,
                downloadFile: (name) => formatMessage(messages.downloadFile, { name }),
              }}
            />
          )}
        </form>
        {hasSide && (
          <div className={styles.fields}>
            {showOptions && (
              <section
                className={styles.card}
                aria-label={messages.optionsHeading}
                data-scope={scope}
                data-part="options"
              >
                {options ?? <ToolOptions />}
              </section>
            )}
            {aside}
            {guide && <GuideCards guide={guide} />}
          </div>
        )}
      </div>
      {notes}
      <p className={styles.note} data-scope={scope} data-part="security-note">
        {messages.securityNote}
      </p>
      <Toaster
        toasts={state.toasts}
        onDismiss={state.dismissToast}
        scope={scope}
        label={messages.notifications}
        dismissLabel={messages.dismiss}
      />
      {confirm && (
        <ConfirmDialog
          open={confirming}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          cancelLabel={messages.cancel}
          destructive
          scope={scope}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onConvert();
          }}
        />
      )}
    </div>
  );
}
