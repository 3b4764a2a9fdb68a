export { formatKilobytes, formatMegabytes, formatMegabytesShort } from './size.format';
