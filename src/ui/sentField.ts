/**
 * The update that empties a field once what it held has been sent. A send can take a moment (the
 * sync worker may be busy writing a page), and people type the next entry meanwhile; clearing
 * unconditionally would throw that away, so the field is emptied only if it still holds what was sent.
 */
export const clearIfSent =
  <T>(sent: T, empty: T) =>
  (current: T): T =>
    Object.is(current, sent) ? empty : current;
