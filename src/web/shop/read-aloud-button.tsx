/**
 * The speaker button: reads a screen's key facts (machines/read-aloud.ts) with the phone's own voice
 * (speechSynthesis) in the farmer's language. Shown only when the phone has a voice for it (a Hindi
 * or Gujarati voice is not on every phone), and pressed again, it stops. Voices arrive after the page
 * loads on Chrome, so the button appears when they do.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { speechLang, type SpokenWords } from '../../../machines/read-aloud';

/** The screen's words for the read-aloud selectors. */
export function useSpokenWords(): SpokenWords {
  const intl = useIntl();
  return { locale: intl.locale, messages: intl.messages, formatMessage: (descriptor, values) => intl.formatMessage(descriptor, values) };
}

const synth = (): SpeechSynthesis | null => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null);

function subscribeVoices(onChange: () => void): () => void {
  const speech = synth();
  speech?.addEventListener('voiceschanged', onChange);
  return () => speech?.removeEventListener('voiceschanged', onChange);
}

/** The phone's voice for the language (hi-IN, gu-IN, en-IN; any voice of the language when none is India's), or null. */
function voiceFor(lang: string): SpeechSynthesisVoice | null {
  const voices = synth()?.getVoices() ?? [];
  const wanted = lang.toLowerCase().replace('_', '-');
  const base = wanted.slice(0, 2);
  return (
    voices.find((v) => v.lang.toLowerCase().replace('_', '-') === wanted) ?? voices.find((v) => v.lang.toLowerCase().startsWith(base)) ?? null
  );
}

export function ReadAloudButton({ text }: { text: string | null }) {
  const intl = useIntl();
  const lang = speechLang(intl.locale);
  // The voice's name, a stable snapshot (the phone may hand out new voice objects on each ask).
  const voiceName = useSyncExternalStore(subscribeVoices, () => voiceFor(lang)?.voiceURI ?? null, () => null);
  const [speaking, setSpeaking] = useState(false);
  // Leaving the screen (or the text changing under it) ends what it was reading.
  useEffect(() => () => synth()?.cancel(), [text]);
  if (voiceName === null || text === null) return null;
  const label = speaking
    ? intl.formatMessage({ id: 'shop.speak.stop', defaultMessage: 'Stop reading' })
    : intl.formatMessage({ id: 'shop.speak.button', defaultMessage: 'Read aloud' });
  return (
    <button
      type="button"
      className="shop-icon-button shop-read-aloud"
      aria-label={label}
      aria-pressed={speaking}
      title={label}
      onClick={() => {
        const speech = synth();
        if (!speech) return;
        speech.cancel();
        if (speaking) {
          setSpeaking(false);
          return;
        }
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = lang;
        utterance.voice = voiceFor(lang);
        utterance.onend = () => setSpeaking(false);
        utterance.onerror = () => setSpeaking(false);
        setSpeaking(true);
        speech.speak(utterance);
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M11 5 6 9H2v6h4l5 4V5z" />
        {speaking ? <path d="M22 9l-6 6M16 9l6 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />}
      </svg>
    </button>
  );
}
