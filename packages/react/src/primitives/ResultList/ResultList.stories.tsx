/** ResultList: the example results of the tests (one file, and split's four pages with Download All). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { exampleResults } from '../../fixtures';
import { type ResultFile, ResultList, type ResultListProps } from './ResultList';

const resultsOf = (toolId: keyof typeof exampleResults): ResultFile[] =>
  exampleResults[toolId].map((file) => ({ fileName: file.FileName, fileSize: file.FileSize, url: file.Url }));

/** The example URLs do not exist: a download is shown rather than attempted. */
function ResultListWithLog(props: ResultListProps) {
  const [log, setLog] = useState<string[]>([]);
  return (
    <div style={{ maxWidth: 640 }}>
      <ResultList {...props} onDownload={(file) => setLog((entries) => [...entries, file.fileName])} />
      <p role="status">{log.length > 0 ? `Downloading ${log.join(', ')}` : ''}</p>
    </div>
  );
}

const meta = {
  title: 'Primitives/ResultList',
  component: ResultList,
  render: (args) => <ResultListWithLog {...args} />,
  args: { files: resultsOf('pdf-to-word') },
} satisfies Meta<typeof ResultList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OneFile: Story = {};

export const SeveralWithDownloadAll: Story = {
  args: { files: resultsOf('pdf-split'), showDownloadAll: true, downloadAllPauseMs: 50 },
};

export const DownloadedByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Download crazyones.docx' }).focus();
    await userEvent.keyboard('{Enter}');
    await within(canvasElement).findByText('Downloading crazyones.docx');
  },
};
