import type { ReactNode, Ref } from 'react';
import { Heading, type HeadingLevel, Toaster, type ToastMessage } from '../../primitives';
import type { ResolvedStudio } from '../../provider';
import * as shell from '../../shell/ToolShell.css';
import { ThemeScopeContext } from '../../theme';
import * as styles from './workflow.css';

export interface WorkflowFrameProps {
  scope: 'workflow-list' | 'workflow-builder' | 'workflow-runner';
  state: string;
  heading: string;
  description?: string | undefined;
  headingLevel: HeadingLevel;
  /** Beside the heading (the list's 'Create new workflow'). */
  headerAction?: ReactNode;
  studio: Pick<ResolvedStudio, 'theme' | 'messages'>;
  toasts: readonly ToastMessage[];
  onDismiss: (id: string) => void;
  className?: string | undefined;
  rootRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** The shared outside of the three workflow screens: themed root with `data-state`, header, toasts. */
export function WorkflowFrame({
  scope,
  state,
  heading,
  description,
  headingLevel,
  headerAction,
  studio,
  toasts,
  onDismiss,
  className,
  rootRef,
  children,
}: WorkflowFrameProps) {
  return (
    <ThemeScopeContext.Provider value={studio.theme}>
      <div
        ref={rootRef}
        className={[studio.theme.className, shell.root, className].filter(Boolean).join(' ')}
        style={studio.theme.style}
        data-scope={scope}
        data-part="root"
        data-state={state}
      >
        <header className={styles.headerRow} data-scope={scope} data-part="header">
          <div className={shell.header}>
            <Heading level={headingLevel} className={shell.heading} tabIndex={-1} data-part="heading">
              {heading}
            </Heading>
            {description && <p className={shell.description}>{description}</p>}
          </div>
          {headerAction}
        </header>
        {children}
        <Toaster
          toasts={toasts}
          onDismiss={onDismiss}
          scope={scope}
          label={studio.messages.notifications}
          dismissLabel={studio.messages.dismiss}
        />
      </div>
    </ThemeScopeContext.Provider>
  );
}
