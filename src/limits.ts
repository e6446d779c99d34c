// Named limits of lapp, in one place so the README, the messages and the code agree.

export const DEFAULT_READ_LIMIT = 2000;
/** A displayed line is cut after this many characters; its ref stays valid. */
export const MAX_LINE_CHARS = 2000;
/** A read page also stops at this many bytes of output. */
export const MAX_PAGE_BYTES = 256 * 1024;
/** Files larger than this are refused by edit (FILE_TOO_LARGE); read pages through larger files by streaming. */
export const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/** lapp_write returns the new file's rows when it has at most this many lines. */
export const WRITE_ECHO_MAX_LINES = 200;
/** At most this many edits per lapp_edit call. */
export const MAX_EDITS_PER_CALL = 100;
/** Entries listed when a directory is read. */
export const DIRECTORY_LISTING_MAX = 50;
