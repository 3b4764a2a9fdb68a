export { formatFileSize, formatKilobytes, formatMegabytes, formatMegabytesShort } from './size.format';
