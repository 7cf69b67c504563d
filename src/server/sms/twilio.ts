/**
 * Twilio Programmable Messaging: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * HTTP Basic auth (AccountSid:AuthToken), form fields To, Body and From or MessagingServiceSid.
 * TWILIO_BASE_URL points it at a stand-in server in tests.
 */
import type { TwilioConfig } from '../config';
import type { SmsTransport } from './transport';

export class SmsSendError extends Error {}

export function twilioTransport(config: TwilioConfig, timeoutMs = 10_000): SmsTransport {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(toE164, text) {
      const form = new URLSearchParams({ To: toE164, Body: text });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else if (config.from) form.set('From', config.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new SmsSendError(`Twilio answered ${response.status}: ${detail.slice(0, 200)}`);
      }
    },
  };
}
