/**
 * A moment on screen: a `<time>` carrying the ISO instant, reading as `formatWhen` says it in the
 * screen's language (the part of the day in Hindi and Gujarati, not an English am/pm).
 */
import { useIntl } from 'react-intl';
import { formatWhen } from '../../domain/when';

export function When({ at, className }: { at: string; className?: string }) {
  const intl = useIntl();
  return (
    <time className={className} dateTime={at}>
      {formatWhen(at, intl.locale)}
    </time>
  );
}
