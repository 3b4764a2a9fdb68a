import { useStudio } from '../../provider';
import { type ToolProps, ToolShell, type ToolState } from '../../shell';
import { NO_PAGES, RotatePages } from './RotatePages';

/** Every page was clicked out on the pictures: a blank PageRange would rotate them all. */
function hasPagesToRotate(state: ToolState): boolean {
  return !(state.ui[NO_PAGES] === 'true' && String(state.values.PageRange ?? '').trim() === '');
}

/**
 * pdf-rotate: the catalogue's Angle and Pages fields, plus the chosen PDF's pages as pictures that
 * show the rotation and pick the pages (RotatePages).
 */
export function PdfRotate(props: ToolProps) {
  const { client } = useStudio(props);
  return (
    <ToolShell
      toolId="pdf-rotate"
      {...props}
      afterInput={<RotatePages client={client} />}
      canConvert={hasPagesToRotate}
    />
  );
}
