/** ResultList: the example results of the tests (one file; split's four pages with Download All or one ZIP; Continue). */
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

/** Several files: one ZIP, streamed by the server, is the primary download. */
export const SeveralAsZip: Story = {
  args: { files: resultsOf('pdf-split'), zipUrl: '/api/zip?files=example' },
};

/** 'Continue with another tool': pick a tool with the keyboard and go on with the result. */
export const ContinueWithAnotherTool: Story = {
  args: {
    continueTargets: [
      { id: 'pdf-compress', label: 'Compress PDF' },
      { id: 'pdf-protect', label: 'Protect PDF' },
    ],
  },
  render: (args) => {
    const [chosen, setChosen] = useState('');
    return (
      <div style={{ maxWidth: 640 }}>
        <ResultList {...args} onContinue={setChosen} />
        <p role="status">{chosen ? `Continue with ${chosen}` : ''}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Continue with another tool' }),
      'Protect PDF',
    );
    canvas.getByRole('button', { name: 'Continue' }).focus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByText('Continue with pdf-protect');
  },
};
