/**
 * /account, the header's Account button: the signed-in user's email and sign-out, change password,
 * API keys and delete account. A visitor, or a user whose token the server no longer accepts, gets
 * the Sign In Required card.
 */
import '../content-pages.css';
import './account.css';
import type { AccountInfo, SiteRoute } from '@docstudio/core';
import { AccountError } from '@docstudio/core';
import { secondaryButton } from '@docstudio/react';
import { useEffect, useState } from 'react';
import type { StudioAuth } from '../../auth/studio.auth';
import { ApiKeysSection } from './ApiKeysSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { PasswordSection } from './PasswordSection';
import { SignInRequired } from './SignInRequired';
import { messageOf, useAccountClient } from './useAccountClient';

type State =
  | { kind: 'loading' }
  | { kind: 'visitor' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; account: AccountInfo };

export function AccountPage({ auth, route }: { auth: StudioAuth; route: SiteRoute }) {
  const client = useAccountClient(auth);
  const [state, setState] = useState<State>(auth.loggedIn ? { kind: 'loading' } : { kind: 'visitor' });

  useEffect(() => {
    if (!auth.loggedIn) return;
    const controller = new AbortController();
    client.account(controller.signal).then(
      (account) => setState({ kind: 'ready', account }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          error instanceof AccountError && error.signedOut
            ? { kind: 'visitor' }
            : { kind: 'failed', message: messageOf(error) },
        );
      },
    );
    return () => controller.abort();
  }, [auth.loggedIn, client]);

  return (
    <main className="content-page account-page">
      <h1>{route.title}</h1>
      {state.kind === 'visitor' && <SignInRequired auth={auth} />}
      {state.kind === 'loading' && <p role="status">Loading your account...</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && (
        <>
          <section className="account-card" aria-labelledby="account-profile-title">
            <h2 id="account-profile-title">Signed in</h2>
            <p>
              Email: <strong data-testid="account-email">{state.account.email}</strong>
            </p>
            <div className="account-actions">
              <button type="button" className={secondaryButton} onClick={auth.logout}>
                Sign out
              </button>
            </div>
          </section>
          <ApiKeysSection client={client} />
          <PasswordSection client={client} />
          <DeleteAccountSection client={client} auth={auth} />
        </>
      )}
    </main>
  );
}
