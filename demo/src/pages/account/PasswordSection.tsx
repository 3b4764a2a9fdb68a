/** Change password: the current one and a new one of 8 to 200 characters (the sign-in site's rule). */
import { type AccountClient, AccountError } from '@docstudio/core';
import { primaryButton } from '@docstudio/react';
import { type FormEvent, useState } from 'react';
import { messageOf } from './useAccountClient';

export function PasswordSection({ client }: { client: AccountClient }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await client.changePassword(current, next);
      setCurrent('');
      setNext('');
      setOutcome({ ok: true, text: 'Your password has been changed.' });
    } catch (error) {
      const fields = error instanceof AccountError ? Object.values(error.invalidParameters).flat() : [];
      setOutcome({ ok: false, text: fields.length > 0 ? fields.join(' ') : messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Change password</h2>
      <form className="account-form" onSubmit={submit}>
        <label htmlFor="account-current-password">Current password</label>
        <input
          id="account-current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <label htmlFor="account-new-password">New password</label>
        <input
          id="account-new-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={200}
          aria-describedby="account-new-password-rule"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <p id="account-new-password-rule" className="account-hint">
          At least 8 characters.
        </p>
        <div className="account-actions">
          <button type="submit" className={primaryButton} disabled={busy}>
            Change password
          </button>
        </div>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'account-done' : 'account-problem'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
