/** How a code reaches a phone. `console` prints it; `twilio` sends it through Twilio's Messages API. */
export interface SmsTransport {
  send(toE164: string, text: string): Promise<void>;
}

/**
 * One stdout line per message: `[sms] to=+91XXXXXXXXXX text=<text>`, a line break in the text written
 * as `\n` (the login SMS's last line is its Web OTP line); the browser tests read the code from it.
 */
export function consoleTransport(write: (line: string) => void = (line) => process.stdout.write(line)): SmsTransport {
  return {
    async send(toE164, text) {
      write(`[sms] to=${toE164} text=${text.replace(/\r?\n/g, '\\n').replace(/\s+/g, ' ')}\n`);
    },
  };
}
