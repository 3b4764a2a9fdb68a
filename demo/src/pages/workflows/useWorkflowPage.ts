/**
 * What every workflow page gives its component: the visitor's view without asking the server when
 * nobody is signed in here (the Sign In Required card, the list's blurred sample), the visitor's
 * Sign In (to the sign-in site, which sends them back to this page) and Back to Home, and the page's
 * heading rank (the component's heading is the page's one h1).
 */
import { useNavigate } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';

export function useWorkflowPage(auth: StudioAuth) {
  const navigate = useNavigate();
  return {
    // Signed in here: the server decides (a token it refuses shows the visitor's view too).
    ...(auth.loggedIn ? {} : { signedIn: false }),
    onSignIn: auth.goToSignIn,
    onHome: () => navigate('/'),
    headingLevel: 1 as const,
  };
}
