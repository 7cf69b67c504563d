/** The message sections vite.config.ts serves (see messageSections there). */
declare module 'virtual:messages/*' {
  const messages: Record<string, import('react-intl').MessageFormatElement[]>;
  export default messages;
}
