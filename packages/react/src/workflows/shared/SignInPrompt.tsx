import { Heading, type HeadingLevel, primaryButton, secondaryButton } from '../../primitives';
import type { WorkflowTexts } from '../../provider/workflow.texts';
import * as shell from '../../shell/ToolShell.css';
import * as styles from './workflow.css';

export interface SignInPromptProps {
  title: string;
  text: string;
  texts: WorkflowTexts;
  scope: string;
  headingLevel: HeadingLevel;
  onSignIn?: (() => void) | undefined;
  onHome?: (() => void) | undefined;
}

/** The visitor's card: a title, a line of text, 'Sign In' and 'Back to Home' (the host routes both). */
export function SignInPrompt({
  title,
  text,
  texts,
  scope,
  headingLevel,
  onSignIn,
  onHome,
}: SignInPromptProps) {
  return (
    <section className={styles.overlayCard} data-scope={scope} data-part="sign-in" aria-label={title}>
      <Heading level={headingLevel} className={shell.cardHeading}>
        {title}
      </Heading>
      <p className={shell.description}>{text}</p>
      <div className={shell.actions}>
        <button
          type="button"
          className={primaryButton}
          onClick={onSignIn}
          data-scope={scope}
          data-part="sign-in-button"
        >
          {texts.signIn}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={onHome}
          data-scope={scope}
          data-part="home-button"
        >
          {texts.backHome}
        </button>
      </div>
    </section>
  );
}
