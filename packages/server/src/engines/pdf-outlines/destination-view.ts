/**
 * A bookmark's destination as a PDF writes it after the page reference ('/XYZ 90.142 785.764 null'),
 * from MuPDF's view of it: MuPDF gives positions in its own page space (origin top left, the page's
 * /Rotate, crop box and /UserUnit applied), a PDF names them in the page's default user space. The
 * inverse of the page's transform takes one to the other, as MuPDF's own writer does
 * (pdf_new_dest_from_link): the same coordinates, null where MuPDF has none, zoom from percent to a factor.
 */
/** A destination as MuPDF resolves it (its LinkDest): kind, and position in MuPDF's page space (NaN: none). */
export interface MupdfDestination {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** percent */
  zoom: number;
}

/** MuPDF's [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

/** Coordinates beyond this are no page's (MuPDF clamps destinations to the page): not written. */
const MAX_COORDINATE = 1e7;

function invert([a, b, c, d, e, f]: Matrix): Matrix | undefined {
  const determinant = a * d - b * c;
  if (!Number.isFinite(determinant) || determinant === 0) return undefined;
  const [ia, ib, ic, id] = [d / determinant, -b / determinant, -c / determinant, a / determinant];
  return [ia, ib, ic, id, -(e * ia + f * ic), -(e * ib + f * id)];
}

/** A number as the file writes it (4 decimals at most, never an exponent); 'null' for none. */
function real(value: number): string {
  if (Number.isNaN(value)) return 'null';
  if (!Number.isFinite(value) || Math.abs(value) > MAX_COORDINATE)
    throw new RangeError('not a page coordinate');
  const rounded = Math.round(value * 1e4) / 1e4;
  return String(rounded === 0 ? 0 : rounded);
}

/** The view of `dest` on a page whose MuPDF transform is `pageTransform`; undefined when it cannot be written. */
export function destinationView(dest: MupdfDestination, pageTransform: Matrix): string | undefined {
  const inverse = invert(pageTransform);
  if (!inverse) return undefined;
  const [a, b, c, d, e, f] = inverse;
  const at = (x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];
  try {
    switch (dest.type) {
      case 'Fit':
      case 'FitB':
        return `/${dest.type}`;
      case 'FitH':
      case 'FitBH':
        return `/${dest.type} ${real(at(0, dest.y)[1])}`;
      case 'FitV':
      case 'FitBV':
        return `/${dest.type} ${real(at(dest.x, 0)[0])}`;
      case 'XYZ': {
        const [x, y] = at(dest.x, dest.y);
        return `/XYZ ${real(x)} ${real(y)} ${real(dest.zoom / 100)}`;
      }
      case 'FitR': {
        const corners = [
          at(dest.x, dest.y),
          at(dest.x + dest.width, dest.y),
          at(dest.x, dest.y + dest.height),
          at(dest.x + dest.width, dest.y + dest.height),
        ];
        const xs = corners.map(([x]) => x);
        const ys = corners.map(([, y]) => y);
        const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
        // a rectangle has four numbers: none may be missing
        return box.some(Number.isNaN) ? undefined : `/FitR ${box.map(real).join(' ')}`;
      }
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
