/**
 * Splits an amount of minor units between people so that the shares add up to it exactly (a
 * shared cost per person: a hotel room, a transfer, a guide). Each gets the amount divided evenly,
 * rounded toward zero; what that leaves (fewer minor units than people) goes one minor unit each
 * to the first ones in the order given, so it is never lost and always lands on named people.
 * `weights` (positive integers, the same length as `people`) split in proportion instead: a
 * passenger's seats, a room's places. No people: an empty map (the caller keeps the amount apart).
 */
export function splitMinor<T>(
  total: number,
  people: readonly T[],
  weights?: readonly number[],
): Map<T, number> {
  const shares = new Map<T, number>();
  if (people.length === 0) return shares;
  if (!Number.isSafeInteger(total)) throw new RangeError(`Не целое число единиц: ${total}`);
  const parts = weights ?? people.map(() => 1);
  if (parts.length !== people.length || parts.some((w) => !Number.isSafeInteger(w) || w <= 0)) {
    throw new RangeError('Веса долей — положительные целые, по одному на человека');
  }
  const whole = BigInt(total);
  const sum = parts.reduce((a, b) => a + BigInt(b), 0n);
  let given = 0n;
  const base = parts.map((weight) => {
    const share = (whole * BigInt(weight)) / sum; // BigInt division truncates toward zero
    given += share;
    return share;
  });
  // |remainder| < people.length: one minor unit each, in order, with the total's sign.
  let remainder = whole - given;
  const step = remainder < 0n ? -1n : 1n;
  for (let index = 0; remainder !== 0n; index = (index + 1) % people.length) {
    base[index]! += step;
    remainder -= step;
  }
  people.forEach((person, index) =>
    shares.set(person, (shares.get(person) ?? 0) + Number(base[index])),
  );
  return shares;
}
