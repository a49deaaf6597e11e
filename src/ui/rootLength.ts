/**
 * Sets a length on the document's root for the stylesheets (a bar's height, a stack's). Every
 * element inherits a custom property of the root, so any write restyles the whole page, even one
 * of the value it already has: the value is written only when the one in force (inline or from a
 * stylesheet) differs. A stylesheet that states the usual value on the root (the tab bar's height on
 * phones, tabbar.css) so spares the first visit a restyle of everything a frame after its first
 * paint (issue 32). A length nobody states reads as 0px, the fallback every use gives.
 */
export function setRootLength(name: string, px: number): void {
  const root = document.documentElement;
  const value = `${Math.max(0, px)}px`;
  const inForce = getComputedStyle(root).getPropertyValue(name).trim() || '0px';
  if (inForce === value) return;
  root.style.setProperty(name, value);
}
