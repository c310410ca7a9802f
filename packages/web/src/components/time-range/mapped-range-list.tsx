import { MAPPED_TIME_RANGES, type TimeRange } from '@ops/shared';
import { useId } from 'react';
import { OptionButton, SectionTitle } from './option-button';

/** The named ranges ('Today', 'Previous week', …), stored as mapped ranges by their name. */
export function MappedRangeList({ value, onApply }: { value: TimeRange | undefined; onApply: (range: TimeRange) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>Other quick ranges</SectionTitle>
      <ul>
        {MAPPED_TIME_RANGES.map(({ display }) => (
          <li key={display}>
            <OptionButton
              active={value?.type === 'mapped' && value.display === display}
              onClick={() => onApply({ type: 'mapped', display })}
            >
              {display}
            </OptionButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
