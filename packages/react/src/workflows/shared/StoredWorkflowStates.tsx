import type { HeadingLevel } from '../../primitives';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import { SignInPrompt } from './SignInPrompt';

export interface StoredWorkflowStatesProps {
  /** The screen's state; only 'visitor', 'loading' and 'missing' draw anything here. */
  state: string;
  texts: WorkflowTexts;
  scope: string;
  headingLevel: HeadingLevel;
  onSignIn?: (() => void) | undefined;
  onHome?: (() => void) | undefined;
}

/**
 * What the screens of one stored workflow (edit, run) show before it is theirs to work on: the
 * visitor's 'Sign In Required' card, 'Loading workflow...', or the missing workflow's message.
 */
export function StoredWorkflowStates({
  state,
  texts,
  scope,
  headingLevel,
  onSignIn,
  onHome,
}: StoredWorkflowStatesProps) {
  if (state === 'visitor') {
    return (
      <SignInPrompt
        title={texts.signInRequired}
        text={texts.signInRequiredText}
        texts={texts}
        scope={scope}
        headingLevel={headingLevel}
        onSignIn={onSignIn}
        onHome={onHome}
      />
    );
  }
  if (state === 'loading') {
    return (
      <p role="status" data-scope={scope} data-part="loading">
        {texts.loadingWorkflow}
      </p>
    );
  }
  if (state === 'missing') {
    return (
      <p data-scope={scope} data-part="missing">
        {texts.loadFailed}
      </p>
    );
  }
  return null;
}
