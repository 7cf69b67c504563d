/** The message sections vite.config.ts serves (see messageSections there). */
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
