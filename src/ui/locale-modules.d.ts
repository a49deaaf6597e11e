/** The two parts of a language's texts (vite.config.ts localeParts, locales/parts.ts). */
declare module 'virtual:foyer-locale/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
