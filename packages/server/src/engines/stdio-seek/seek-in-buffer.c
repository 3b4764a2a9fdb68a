/*
 * Preloaded into qpdf (LD_PRELOAD): a seek that lands inside a read-only stream's buffer moves the
 * read pointer and makes no system call.
 *
 * qpdf reads its inputs through stdio and seeks before every object it parses. glibc serves such a
 * seek from the buffer it already holds, then calls lseek all the same, to set the kernel's offset to
 * where it already is ("resync", in case a forked process moved a shared descriptor): 42,397 lseek
 * calls for a 50-file merge, a third of qpdf's time in the kernel. qpdf shares no descriptor with
 * another process, so the call is dropped, and everything else is glibc's own code path for this case
 * (libio/fileops.c, _IO_new_file_seekoff: same condition, same pointers set). Any other seek (outside
 * the buffer, relative, a stream that writes, pushed-back bytes, a wide stream) goes to glibc as is.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <sys/types.h>

/* glibc's stream flags (libio/libio.h), part of its ABI */
#define STREAM_NO_WRITES 0x0008
#define STREAM_EOF_SEEN 0x0010
#define STREAM_IN_BACKUP 0x0100

static int seek_in_buffer(FILE *fp, off64_t offset, int whence) {
  int moved = 0;
  if (whence != SEEK_SET || fp->_fileno < 0 || fp->_mode > 0) return 0;
  flockfile(fp);
  if ((fp->_flags & STREAM_NO_WRITES) && !(fp->_flags & STREAM_IN_BACKUP) && fp->_offset >= 0 &&
      fp->_IO_read_base != NULL && fp->_IO_buf_base != NULL) {
    /* fp->_offset is the kernel's offset: the end of what the buffer holds */
    off64_t start = fp->_offset - (fp->_IO_read_end - fp->_IO_buf_base);
    if (offset >= start && offset < fp->_offset) {
      fp->_IO_read_base = fp->_IO_buf_base;
      fp->_IO_read_ptr = fp->_IO_buf_base + (offset - start);
      fp->_IO_write_base = fp->_IO_write_ptr = fp->_IO_write_end = fp->_IO_buf_base;
      fp->_flags &= ~STREAM_EOF_SEEN;
      moved = 1;
    }
  }
  funlockfile(fp);
  return moved;
}

#define SEEK_FUNCTION(name, offset_type)                                  \
  int name(FILE *fp, offset_type offset, int whence) {                    \
    static int (*next)(FILE *, offset_type, int);                         \
    if (seek_in_buffer(fp, offset, whence)) return 0;                     \
    if (!next) next = (int (*)(FILE *, offset_type, int))dlsym(RTLD_NEXT, #name); \
    return next(fp, offset, whence);                                      \
  }

SEEK_FUNCTION(fseek, long)
SEEK_FUNCTION(fseeko, off_t)
SEEK_FUNCTION(fseeko64, off64_t)
