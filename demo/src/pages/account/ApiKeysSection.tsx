/**
 * API keys: make one with a name (its secret shown once, with a copy button), see the keys that work
 * (name, prefix, created, last used) and revoke one after confirming.
 */
import type { AccountClient, ApiKeyInfo, CreatedApiKey } from '@docstudio/core';
import { ConfirmDialog, dangerButton, primaryButton, secondaryButton } from '@docstudio/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { messageOf } from './useAccountClient';

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : 'Never');

export function ApiKeysSection({ client }: { client: AccountClient }) {
  const [keys, setKeys] = useState<ApiKeyInfo[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const reload = useCallback(
    () =>
      client.listKeys().then(setKeys, (error: unknown) => {
        setKeys([]);
        setProblem(messageOf(error));
      }),
    [client],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCopied(false);
    try {
      setCreated(await client.createKey(name.trim()));
      setName('');
      await reload();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const revoke = async (key: ApiKeyInfo) => {
    setRevoking(null);
    setProblem(null);
    try {
      await client.revokeKey(key.id);
      if (created?.id === key.id) setCreated(null);
      await reload();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const copy = async (secret: string) => {
    await navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section className="account-card" aria-labelledby="account-keys-title">
      <h2 id="account-keys-title">API keys</h2>
      <p>
        Keys let scripts and portals call the API as you: send one as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. A key can convert, upload and run your workflows, but
        cannot change your password, make keys or delete your account. Only a fingerprint of each key is kept,
        so a key is shown once, when you make it.
      </p>
      <form className="account-form account-inline" onSubmit={create}>
        <label htmlFor="account-key-name">Key name</label>
        <input
          id="account-key-name"
          value={name}
          maxLength={100}
          required
          placeholder="Nightly export script"
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={primaryButton} disabled={!name.trim()}>
          Create key
        </button>
      </form>
      {created && (
        <div className="account-new-key" role="status">
          <p>
            <strong>Copy your new key “{created.name}” now.</strong> It will not be shown again.
          </p>
          <code data-testid="new-api-key">{created.key}</code>
          <div className="account-actions">
            <button type="button" className={secondaryButton} onClick={() => void copy(created.key)}>
              {copied ? 'Copied' : 'Copy key'}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="account-problem">
          {problem}
        </p>
      )}
      {keys === null ? (
        <p role="status">Loading keys...</p>
      ) : keys.length === 0 ? (
        <p>You have no API keys.</p>
      ) : (
        <div className="account-table-frame">
          <table className="account-table">
            <caption className="visually-hidden">Your API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{when(key.createdAt)}</td>
                  <td>{when(key.lastUsedAt)}</td>
                  <td>
                    <button
                      type="button"
                      className={dangerButton}
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => setRevoking(key)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        description={`Scripts using “${revoking?.name ?? ''}” will get 401 from now on. This cannot be undone.`}
        confirmLabel="Revoke key"
        destructive
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
