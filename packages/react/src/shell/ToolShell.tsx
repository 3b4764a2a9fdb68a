import {
  type ConversionFile,
  getTool,
  handOffTargets,
  resultZipName,
  resultZipUrl,
  type ToolGuide,
  type ToolId,
} from '@docstudio/core';
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
  secondaryButton,
  subheadingLevel,
  Toaster,
  toHeadingLevel,
} from '../primitives';
import { formatMessage, type StudioConfig, useStudio } from '../provider';
import { ThemeScopeContext } from '../theme';
import { FileSelection } from './FileSelection';
import { visibleOptions } from './option.rules';
import { recallResults, rememberResults } from './result.memory';
import { type ConversionHooks, runConversion } from './runConversion';
import { FailureNotice, GuideCards } from './ShellParts';
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
  /**
   * Results of another tool to start with, chosen as this tool's input and sent by FileId (no
   * download and re-upload): what `onContinue` handed over.
   */
  initialFiles?: readonly ConversionFile[];
  /**
   * 'Continue with another tool': shown under a result when given, with the catalogue's tools that
   * accept it; the host opens `toolId` with `files` as its `initialFiles`.
   */
  onContinue?: (detail: { toolId: ToolId; files: ConversionFile[] }) => void;
  /**
   * Keep the last results for the tab's session (sessionStorage, metadata only), so they are listed
   * again when the tool is opened later, until `resultLifetimeMinutes` (180, the server's default
   * retention) have passed.
   */
  keepResults?: boolean;
  resultLifetimeMinutes?: number;
}

export interface ToolShellProps extends ToolProps {
  toolId: ToolId;
  /** Shown above the upload area (notices such as HTML's Embed All Assets or redaction's warning). */
  intro?: ReactNode;
  /** Replaces the drop zone (web-to-pdf's URL field). */
  input?: ReactNode;
  /** Below the chosen files (HTML's example toggle). */
  afterInput?: ReactNode;
  /** Below the results (compress's size saved). */
  afterResults?: ReactNode;
  /** The options panel; the catalogue's option fields by default. */
  options?: ReactNode;
  /** Extra side cards (features, how it works). */
  aside?: ReactNode;
  /** Heading of a multi-file list, with {count}. */
  fileListHeading?: string;
  /** Merge: files can be moved up and down. */
  reorderable?: boolean;
  /** Replaces the list of chosen files (merge's organiser: drag to reorder, pages of each file). */
  fileList?: ReactNode;
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
    const handedOver = props.initialFiles ?? [];
    return createToolStore({
      values: { ...values, ...defaultValues },
      storedFiles: handedOver,
      results:
        props.keepResults && handedOver.length === 0
          ? recallResults(toolId, props.resultLifetimeMinutes)
          : [],
    });
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
        if (latest.current.keepResults && state.results !== previous.results)
          rememberResults(toolId, state.results);
      }),
    [store, toolId],
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

  // Cancel aborts the request; the server sees the connection close and stops the engine.
  const cancel = () => {
    running.current?.abort();
    running.current = null;
    store.getState().cancel();
    store.getState().pushToast('success', studio.messages.conversionCancelled);
  };

  const continueWith = props.onContinue
    ? (targetId: string) => {
        const files = store.getState().results;
        latest.current.onContinue?.({ toolId: targetId as ToolId, files });
      }
    : undefined;

  return (
    <ToolContext.Provider value={context}>
      <ThemeScopeContext.Provider value={studio.theme}>
        <ShellLayout
          {...props}
          tool={tool}
          onConvert={convert}
          onCancel={cancel}
          onContinueWith={continueWith}
          apiUrl={studio.client.apiUrl}
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
  onCancel: () => void;
  onContinueWith: ((targetId: string) => void) | undefined;
  themeClassName: string;
  themeStyle: Record<string, string>;
}

function ShellLayout({
  tool,
  onConvert,
  onCancel,
  onContinueWith,
  apiUrl,
  themeClassName,
  themeStyle,
  className,
  intro,
  input,
  afterInput,
  afterResults,
  options,
  aside,
  fileListHeading,
  reorderable,
  fileList,
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
  const results = state.results;
  // Several results from one tool go on together (merge, images to PDF take them all).
  const targets = useMemo(
    () =>
      handOffTargets(results, tool.id)
        .filter((target) => results.length === 1 || target.accept.maxFiles !== 1)
        .map((target) => ({ id: target.id, label: target.title })),
    [results, tool.id],
  );
  const convertButton = useRef<HTMLButtonElement>(null);
  // Focus moves to a result that a conversion on this page produced, not to one recalled on opening.
  const convertedHere = useRef(false);
  if (busy) convertedHere.current = true;

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
          {input ?? (
            <FileSelection fileListHeading={fileListHeading} reorderable={reorderable} list={fileList} />
          )}
          {afterInput}
          <div className={styles.actions}>
            <button
              ref={convertButton}
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
            {busy && (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  onCancel();
                  // The Cancel button goes away: keep the keyboard on the form.
                  queueMicrotask(() => convertButton.current?.focus());
                }}
                data-scope={scope}
                data-part="cancel-conversion"
              >
                {messages.cancelConversion}
              </button>
            )}
          </div>
          {busy && state.uploadProgress !== null ? (
            <ProgressBar
              value={state.uploadProgress}
              label={messages.uploadProgressLabel}
              scope={scope}
              phase="upload"
            />
          ) : (
            (busy || state.status === 'complete') && (
              <ProgressBar
                value={state.progress}
                label={messages.progressLabel}
                scope={scope}
                phase="conversion"
              />
            )
          )}
          {state.status === 'failed' && state.errorMessage && (
            <FailureNotice title={tool.texts.failureTitle} message={state.errorMessage} />
          )}
          {(busy || state.status === 'failed') && state.readyResults.length > 0 && (
            <ResultList
              part="ready-results"
              files={state.readyResults.map(({ file }) => file)}
              scope={scope}
              headingLevel={subheadingLevel(headingLevel)}
              labels={{
                heading: formatMessage(messages.readySoFar, { count: String(state.readyResults.length) }),
                download: messages.download,
                downloadFile: (name) => formatMessage(messages.downloadFile, { name }),
              }}
            />
          )}
          {state.status === 'complete' && (
            <ResultList
              files={results}
              scope={scope}
              headingLevel={subheadingLevel(headingLevel)}
              showDownloadAll={showDownloadAll}
              zipUrl={
                results.length > 1
                  ? resultZipUrl(apiUrl ?? '/api', results, resultZipName(results))
                  : undefined
              }
              focusOnMount={convertedHere.current}
              continueTargets={targets}
              {...(onContinueWith ? { onContinue: onContinueWith } : {})}
              labels={{
                heading: messages.conversionComplete,
                download: messages.download,
                downloadAll: messages.downloadAll,
                downloadZip: messages.downloadZip,
                continueHeading: messages.continueWith,
                continueAction: messages.continueAction,
                downloadFile: (name) => formatMessage(messages.downloadFile, { name }),
              }}
            />
          )}
          {afterResults}
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
