/** Delete account, after a confirm dialog: the server removes everything, then the user is signed out. */
import type { AccountClient } from '@docstudio/core';
import { ConfirmDialog, dangerButton } from '@docstudio/react';
import { useState } from 'react';
import type { StudioAuth } from '../../auth/studio.auth';
import { messageOf } from './useAccountClient';

export function DeleteAccountSection({ client, auth }: { client: AccountClient; auth: StudioAuth }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    setConfirming(false);
    setProblem(null);
    try {
      await client.deleteAccount();
      // Clears the stored tokens and leaves for the home page (the server already revoked them).
      auth.logout();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <section className="account-card account-danger" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">Delete account</h2>
      <p>
        Deletes your account with your workflows, their run history, your stored files and your API keys. This
        cannot be undone.
      </p>
      <div className="account-actions">
        <button type="button" className={dangerButton} onClick={() => setConfirming(true)}>
          Delete account
        </button>
      </div>
      {problem && (
        <p role="alert" className="account-problem">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        description="Your workflows, run history, stored files and API keys are deleted and you are signed out. This cannot be undone."
        confirmLabel="Delete account"
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
