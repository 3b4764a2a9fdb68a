/** /connectors: the enterprise teaser of storage connectors, five kinds with sample statuses. */
import type { SiteRoute } from '@docstudio/core';
import { TeaserLayout } from './TeaserLayout';

type ConnectorStatus = 'connected' | 'disconnected' | 'error';

const SAMPLE_CONNECTORS: readonly {
  kind: string;
  account: string;
  status: ConnectorStatus;
  detail: string;
}[] = [
  {
    kind: 'Object storage bucket',
    account: 'archive-bucket',
    status: 'connected',
    detail: 'Synced 5 minutes ago',
  },
  {
    kind: 'Google Drive',
    account: 'Shared drive: Contracts',
    status: 'connected',
    detail: 'Synced 1 hour ago',
  },
  { kind: 'Dropbox', account: 'Team folder', status: 'disconnected', detail: 'Not connected' },
  { kind: 'OneDrive', account: 'Finance', status: 'error', detail: 'Access expired: sign in again' },
  { kind: 'Box', account: 'Legal intake', status: 'disconnected', detail: 'Not connected' },
];

const STATUS_LABEL: Record<ConnectorStatus, string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  error: 'Error',
};

export function ConnectorsTeaser({ route }: { route: SiteRoute }) {
  return (
    <TeaserLayout
      route={route}
      lead="Connectors will let a workflow read its input from cloud storage and write its results back: an object storage bucket, Google Drive, Dropbox, OneDrive or Box."
      sampleLabel="Sample: a table of five connectors with their statuses, shown blurred."
    >
      <table className="content-table">
        <thead>
          <tr>
            <th scope="col">Connector</th>
            <th scope="col">Account or folder</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_CONNECTORS.map(({ kind, account, status, detail }) => (
            <tr key={kind}>
              <th scope="row">{kind}</th>
              <td>{account}</td>
              <td>
                <span className="content-status" data-status={status}>
                  {STATUS_LABEL[status]}
                </span>{' '}
                <small>{detail}</small>
              </td>
              <td>
                <button type="button">{status === 'connected' ? 'Disconnect' : 'Connect'}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TeaserLayout>
  );
}
