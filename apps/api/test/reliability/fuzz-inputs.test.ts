import { FUZZ_PARTS, fuzzLevel, fuzzPart, partOf } from './fuzz-inputs';

// The schema fuzzing's default share (the part level): every value is sent within four days.

describe('the part level of the schema fuzzing', () => {
  const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];

  it('sends the most hostile values always and each other value in exactly one part', () => {
    for (const offset of [0, 1, 7]) {
      const parts = [0, 1, 2, 3].map((part) => partOf(list, 3, part, offset));
      for (const sent of parts) expect(sent.slice(0, 3)).toEqual(['a', 'b', 'c']);
      const others = parts.flatMap((sent) => sent.slice(3)).sort();
      expect(others).toEqual(['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
    }
    // Eight others in four parts: two each.
    expect(partOf(list, 3, 0, 0)).toEqual(['a', 'b', 'c', 'd', 'h']);
    expect(partOf(list, 3, 0, 1)).toEqual(['a', 'b', 'c', 'g', 'k']);
    // A list within the budget goes whole.
    expect(partOf(['x', 'y'], 3, 2, 5)).toEqual(['x', 'y']);
  });

  it('takes the part from FUZZ_PART, else from the day', () => {
    expect(FUZZ_PARTS).toBe(4);
    expect(fuzzPart({ FUZZ_PART: '2' })).toBe(2);
    // 2026-11-28 is day 20 785 since 1970: part 1; the next day part 2.
    expect(fuzzPart({}, new Date('2026-11-28T12:00:00Z'))).toBe(1);
    expect(fuzzPart({}, new Date('2026-11-29T00:00:00Z'))).toBe(2);
    expect(fuzzPart({ FUZZ_PART: '4' }, new Date('2026-11-28T12:00:00Z'))).toBe(1);
    expect(fuzzPart({ FUZZ_PART: 'x' }, new Date('2026-11-28T12:00:00Z'))).toBe(1);
  });

  it('is the default level; values, full and quick are asked for by name', () => {
    expect(fuzzLevel({})).toBe('part');
    expect(fuzzLevel({ FUZZ_LEVEL: 'values' })).toBe('values');
    expect(fuzzLevel({ FUZZ_LEVEL: 'full' })).toBe('full');
    expect(fuzzLevel({ FUZZ_LEVEL: 'quick' })).toBe('quick');
    expect(fuzzLevel({ FUZZ_LEVEL: 'everything' })).toBe('part');
  });
});
