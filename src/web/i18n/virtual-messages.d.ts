/** The message sections build/message-sections.ts serves. */
declare module 'virtual:messages/*' {
  const messages: Record<string, import('react-intl').MessageFormatElement[]>;
  export default messages;
}
