/** The visitor's card at /account: the same 'Sign In Required' card as the workflow pages. */
import { primaryButton, secondaryButton } from '@docstudio/react';
import { useNavigate } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';

export function SignInRequired({ auth }: { auth: StudioAuth }) {
  const navigate = useNavigate();
  return (
    <section className="account-card" aria-labelledby="account-sign-in-title">
      <h2 id="account-sign-in-title">Sign In Required</h2>
      <p>Please sign in to see your account, change your password and manage your API keys.</p>
      <div className="account-actions">
        <button type="button" className={primaryButton} onClick={auth.goToSignIn}>
          Sign In
        </button>
        <button type="button" className={secondaryButton} onClick={() => navigate('/')}>
          Back to Home
        </button>
      </div>
    </section>
  );
}
