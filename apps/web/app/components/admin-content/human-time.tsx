// A time as people say it ("today at 21:22"), the exact time on hover and for assistive technology.
import { exactTime, humanTime } from '~/lib/human-time';

export function HumanTime({ value }: { value: string | Date }) {
  const iso = typeof value === 'string' ? value : value.toISOString();
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {humanTime(iso)}
    </time>
  );
}
