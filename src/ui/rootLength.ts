/**
 * Sets a length on the document's root for the stylesheets (a bar's height, a stack's). Every
 * element inherits a custom property of the root, so a change restyles the whole page: the value is
 * written only when it differs, and 0 is no property at all, which every use reads as its 0px
 * fallback.
 */
export function setRootLength(name: string, px: number): void {
  const style = document.documentElement.style;
  const value = px > 0 ? `${px}px` : '';
  if (style.getPropertyValue(name) === value) return;
  if (value) style.setProperty(name, value);
  else style.removeProperty(name);
}
