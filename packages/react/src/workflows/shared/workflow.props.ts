import type { HeadingLevel } from '../../primitives';
import type { StudioConfig } from '../../provider';

/** Props the workflow list, builder and runner share (besides the StudioProvider's, which they also take). */
export interface WorkflowBaseProps extends StudioConfig {
  className?: string;
  /** Rank of the component's heading, 1 to 6 (2 by default); inner headings sit one rank below. */
  headingLevel?: HeadingLevel;
  /**
   * false shows the visitor's view (a sign-in card, or the list's blurred sample) without calling the
   * server. Left out, the server decides: a 401 on a workflow route shows the visitor's view.
   */
  signedIn?: boolean;
  /** The visitor's 'Sign In' button (the host routes to its sign-in page). */
  onSignIn?: () => void;
  /** The visitor's 'Back to Home' button. */
  onHome?: () => void;
}
