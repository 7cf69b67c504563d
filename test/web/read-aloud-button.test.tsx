/**
 * The speaker button: hidden on a phone without a voice for the screen's language, shown once such a
 * voice arrives, and pressing it speaks the text in that voice (pressing again stops).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hi from '../../locales/hi.json';
import { ReadAloudButton } from '../../src/web/shop/read-aloud-button';

class Utterance {
  lang = '';
  voice: unknown = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

function fakeSpeech(voices: { lang: string; voiceURI: string }[]) {
  const listeners = new Set<() => void>();
  const speech = {
    voices,
    spoken: [] as Utterance[],
    getVoices: () => speech.voices,
    speak: vi.fn((u: Utterance) => speech.spoken.push(u)),
    cancel: vi.fn(),
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    arrive(more: { lang: string; voiceURI: string }[]) {
      speech.voices = [...speech.voices, ...more];
      for (const f of listeners) f();
    },
  };
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return speech;
}

const renderIn = (text: string | null) =>
  render(
    <IntlProvider locale="hi" messages={hi}>
      <ReadAloudButton text={text} />
    </IntlProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the speaker button', () => {
  it('stays hidden without a Hindi voice, and appears when one arrives', () => {
    const speech = fakeSpeech([{ lang: 'en-US', voiceURI: 'en' }]);
    renderIn('नमस्ते');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => speech.arrive([{ lang: 'hi-IN', voiceURI: 'hi' }]));
    screen.getByRole('button', { name: hi['shop.speak.button'] });
  });

  it('speaks the text in the Hindi voice, and stops when pressed again', () => {
    const speech = fakeSpeech([{ lang: 'hi_IN', voiceURI: 'hi' }]);
    renderIn('भाव-पत्र QT100002: भाव आ गया।');
    fireEvent.click(screen.getByRole('button', { name: hi['shop.speak.button'] }));
    expect(speech.spoken.map((u) => [u.text, u.lang, (u.voice as { voiceURI: string }).voiceURI])).toEqual([['भाव-पत्र QT100002: भाव आ गया।', 'hi-IN', 'hi']]);
    const stop = screen.getByRole('button', { name: hi['shop.speak.stop'] });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(stop);
    expect(speech.spoken).toHaveLength(1);
    expect(speech.cancel).toHaveBeenCalled();
    screen.getByRole('button', { name: hi['shop.speak.button'] });
  });

  it('shows nothing when the phone has no speech at all, or there is nothing to read', () => {
    renderIn('नमस्ते');
    expect(screen.queryByRole('button')).toBeNull();
    fakeSpeech([{ lang: 'hi-IN', voiceURI: 'hi' }]);
    renderIn(null);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
